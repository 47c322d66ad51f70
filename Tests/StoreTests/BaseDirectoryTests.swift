import Testing
@testable import Store

/// The data and config folders follow their XDG variables, else the home folder.
@Suite struct BaseDirectoryTests {
    @Test func eachFolderFollowsItsOwnVariableElseItsPlaceUnderHome() {
        let home = ["HOME": "/home/c"]
        #expect(BaseDirectory.config.url(environment: ["XDG_CONFIG_HOME": "/x/config", "XDG_DATA_HOME": "/x/data"]).path == "/x/config/idelivermobile")
        #expect(BaseDirectory.config.url(environment: home).path == "/home/c/.config/idelivermobile")
        #expect(BaseDirectory.data.url(environment: home.merging(["XDG_DATA_HOME": ""]) { $1 }).path == "/home/c/.local/share/idelivermobile",
                "an empty variable counts as unset")
    }
}
