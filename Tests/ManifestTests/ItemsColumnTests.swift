import Foundation
import Model
import Testing
@testable import Manifest

@Suite struct ItemsColumnTests {
    @Test(arguments: [
        [],
        [Item(name: "iPod Touch", quantity: 1)],
        [Item(name: "Tea \"Earl Grey\"", quantity: 12), Item(name: "Back\\slash/\ttab\r\n\u{1}\u{1F}", quantity: 0)],
        [Item(name: "Café 🚚 東京", quantity: 3), Item(name: "", quantity: 999_999)],
    ] as [[Item]])
    func itemsReadBackAsWritten(items: [Item]) throws {
        let json = ItemsColumn.encode(items)
        #expect(ItemsColumn.decode(json) == items)
    }

    @Test func theStoredFormIsCompactJSON() {
        #expect(ItemsColumn.encode([Item(name: "Tea \"Earl\"\\\u{1}\r\n é", quantity: 2), Item(name: "x", quantity: 0)])
                == #"[{"name":"Tea \"Earl\"\\\u0001\r\n é","quantity":2},{"name":"x","quantity":0}]"#)
    }

    @Test func aColumnEditedByHandStillReads() {
        #expect(ItemsColumn.decode(#"[ {"quantity": 2, "name": "Caf\u00e9"} ]"#) == [Item(name: "Café", quantity: 2)])
        #expect(ItemsColumn.decode(#"[{"name":"\u00e9","quantity":1}]"#) == [Item(name: "é", quantity: 1)])
        #expect(ItemsColumn.decode(#"[{"name":"Tea"}]"#) == [Item(name: "Tea", quantity: 1)])
        #expect(ItemsColumn.decode(" null ") == [])
        #expect(ItemsColumn.decode("not json") == [])
        #expect(ItemsColumn.decode(#"[{"name":"Tea","quantity":-1}]"#) == [])
        #expect(ItemsColumn.decode(#"[{"name":"Tea","quantity":1}] trailing"#) == [])
    }
}
