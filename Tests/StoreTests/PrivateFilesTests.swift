import Foundation
import Testing
@testable import Store

/// `PrivateFiles.createFolders` makes every missing folder above a store,
/// and refuses for the real reason when it cannot.
@Suite struct PrivateFilesTests {
    /// A store under a folder missing right below "/" (`--store /srv/idm/x.sqlite`
    /// on a machine without /srv): the folders are made, or refused as mkdir
    /// refuses them (a user may not write "/"), never as "Not a directory".
    @Test func aFolderMissingRightUnderTheRootIsMadeOrRefusedForWhatItIs() throws {
        let top = "/idelivermobile-test-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: top) }
        do {
            try PrivateFiles.createFolders(URL(fileURLWithPath: top + "/store"))
            var isFolder: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: top + "/store", isDirectory: &isFolder) && isFolder.boolValue)
        } catch let error as FileSystemError {
            #expect(error.code == EACCES || error.code == EROFS || error.code == EPERM, "\(error)")
            #expect(error.path == top)
        }
    }

    @Test func aFileWhereAFolderShouldBeIsNotAFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("idm-private-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("file")
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data()))
        let error = #expect(throws: FileSystemError.self) { try PrivateFiles.createFolders(file.appendingPathComponent("store")) }
        // Said as the system says it, with the path, never Foundation's "The operation could not be completed".
        #expect(error?.localizedDescription == "\(file.path): Not a directory")
    }
}
