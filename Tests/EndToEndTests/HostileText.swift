import Foundation
import Manifest
import Model

/// Text real manifests carry that terminals find hard to draw: emoji
/// sequences, stacked marks, scripts whose clusters hold several characters.
/// Each entry is a name and an address line.
enum HostileText {
    static let corpus: [(name: String, address: String)] = [
        ("Family 👨‍👩‍👧‍👦 and 👩‍❤️‍💋‍👨 kiss", "Couple 👩‍❤️‍👨, 🧑‍🤝‍🧑 holding hands, 👨‍💻 coder end"),
        ("Flags 🇯🇵🇺🇸🇩🇪 and 🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scotland", "🇫🇷 Paris, 🇬🇧 London, 🇨🇳 北京 🇰🇷 서울 end"),
        ("Skin 👍🏽 👋🏿 🧑🏻‍🦰 tones", "Wave 👋🏼 and 🤝🏾 shake 💪🏻 end"),
        ("Keycaps 1️⃣ 2️⃣ #️⃣ *️⃣ 🔟", "Call 0️⃣8️⃣0️⃣ now, press 9️⃣ end"),
        ("VS ❤️ ❤︎ ☺️ ☺︎ ✈️ ✈︎ ⚠️ text", "Arrows ↔️ ↔︎ ©️ ©︎ ™️ end"),
        ("Z̷̢̛̪̗̼̰̤͎̾͌̄͐̈́̾a̸̧̛̞͖̱̟͉̗̿̿̈́̄̅̕l̵̨̢̯̦̝̹̥̓̐̾̈́̏̕͝g̶̡̛̘̹̝̯̳̈́̓̈́́̀̌o̴͙̙̬̙͎͆̀̓͐̋́", "H̴̡̨̛̙͉̜̖͎͓̪͐̍́̃̽ê̸̬̠̟̘̘̥̻͒̇̃̒ ̵̢̛̲͈̣̳̝̩̄̽̀̕c̷̪͎̣͈̿̈́̋̍̔̚o̴̧͕͚̻̣̍̌̏̀m̷͙̲͈̑̈́̏ȩ̶̨̧̝̰̒̆̑s̷̰̗̟̓̈́̽ end"),
        ("สมชาย ใจดี กำลังส่ง", "ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพฯ 10110 end"),
        ("क्षत्रिय श्री प्रिया", "नई दिल्ली, क्षेत्र ज्ञान मार्ग 110001 end"),
        ("Jamo \u{1100}\u{1161}\u{11A8} \u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF} 한글", "Old \u{1107}\u{1109}\u{1161}\u{11AF} \u{115F}\u{1160} end"),
        ("佐藤 花子 𠮷野家 ｈｅｌｌｏ", "〒154-0024 東京都世田谷区三軒茶屋１丁目 end"),
        ("Mixed a\u{301}\u{302}\u{303}\u{304}\u{305}\u{306} ǅ ﬁ", "Controls a\u{200B}b\u{00AD}c \u{2060}d\u{FEFF}e end"),
        ("🏳️‍🌈 🏳️‍⚧️ 🐻‍❄️ 😶‍🌫️ 🫱🏻‍🫲🏿", "Last 🧔🏽‍♂️ 🧑‍🧑‍🧒 ❤️‍🔥 end"),
    ]

    /// A manifest with one delivery per corpus entry, from `first` on.
    static func manifest(from first: Int = 0, count: Int = corpus.count) -> Data {
        let deliveries = corpus.dropFirst(first).prefix(count).enumerated().map { index, entry in
            Delivery(
                id: String(format: "HX-%03d", first + index + 1), name: entry.name, address: Address(line1: entry.address),
                status: .pending, items: [Item(name: entry.name, quantity: 1)])
        }
        return Data(ManifestWriter.bytes(of: deliveries))
    }
}
