/// Word pools the generator draws from: names, streets and places in the
/// scripts the app must handle (Latin with accents, Japanese, Chinese,
/// Russian, Greek), plus items, instructions and delivery windows.
enum SampleText {
    // MARK: - Latin

    static let givenNames = [
        "Feng", "Amelia", "Jonas", "Zoë", "Mateo", "Aisha", "Liam", "Ingrid", "Raúl", "Chloé", "Björn", "Priya",
        "Tomás", "Noor", "Hugo", "Søren", "Elena", "Kwame", "Léa", "Oskar", "Yusuf", "Maëlle", "Dmitri", "Ana",
        "Jo", "Al", "Bea", "Ngozi", "François", "Małgorzata", "Siobhán", "Wei", "Isabella", "Nils", "Joaquín",
    ]
    static let familyNames = [
        "Wong", "Hartley", "Okafor", "Müller", "García", "Nakamura", "O'Brien", "Johansson", "Dubois", "Kowalski",
        "Silva", "Nguyen", "Rossi", "Haddad", "Fernández", "Østergaard", "Lefèvre", "Van der Berg", "Li", "Ng",
        "Montgomery-Fairweather", "Papadopoulos", "Abernathy", "Çelik", "Szymańska", "Ó Súilleabháin",
    ]
    static let companies = [
        "Northwind Traders", "Blue Harbor Bakery", "Kettle & Crumb Café", "Riverside Veterinary Clinic",
        "Müller Feinmechanik GmbH", "Atelier Lumière", "Saint Brigid's Primary School, Office of the Bursar",
        "The Very Long Named Community Garden and Allotment Association of Upper Wharfedale",
    ]
    static let streets = [
        "Mission Street", "Elm St", "Wharf Road", "Rue de la Paix", "Calle de Alcalá", "Königsallee", "Baker Street",
        "Avenida Paulista", "Kingfisher Court, Riverside Estate", "Old Kent Rd", "Via Roma", "Nørrebrogade",
        "Boulevard Saint-Germain", "Ulica Marszałkowska", "High Street", "Rua Augusta",
    ]
    static let units = ["Apt 3", "Flat 14", "Suite 200", "Unit B", "Floor 7, Reception", "Building C, Loading Dock 4", "3º izq."]
    static let cities = [
        "San Francisco, CA 94110", "London N1 7GR", "75002 Paris", "28014 Madrid", "40212 Düsseldorf",
        "São Paulo - SP, 01310-100", "2200 København N", "00-001 Warszawa", "Dublin D02 X285", "Lagos 101241",
        "Toronto, ON M5V 2T6", "Zürich 8001", "Reykjavík 101", "Austin, TX 78701",
    ]

    // MARK: - Other scripts

    static let japaneseNames = ["佐藤 花子", "鈴木 一郎", "高橋 美咲", "田中 健太", "渡辺 さくら", "山本 翔"]
    static let japaneseAddresses = [
        "〒154-0024 東京都世田谷区三軒茶屋1丁目32-6", "〒530-0001 大阪府大阪市北区梅田3丁目1-3", "〒060-0005 北海道札幌市中央区北5条西2丁目",
    ]
    static let japaneseLine2 = ["サンハイツ三軒茶屋 305号室", "グランフロント大阪 北館 12階", "JRタワー オフィスプラザさっぽろ 受付"]
    static let chineseNames = ["王 芳", "李 伟", "张 敏", "刘 洋", "陈 静", "欧阳 娜娜"]
    static let chineseAddresses = ["北京市朝阳区建国路88号", "上海市浦东新区世纪大道100号环球金融中心", "广州市天河区珠江新城华夏路10号"]
    static let chineseLine2 = ["现代城5号楼1203室", "七十九层 前台代收", "富力中心 A座 2201"]
    static let russianNames = ["Анна Смирнова", "Иван Петров", "Екатерина Волкова", "Дмитрий Кузнецов", "Ольга Соколова"]
    static let russianAddresses = ["ул. Тверская, д. 12, кв. 45", "Невский проспект, д. 28", "ул. Большая Садовая, д. 302-бис"]
    static let russianLine2 = ["Москва, 125009", "Санкт-Петербург, 191186", "Ростов-на-Дону, 344002, подъезд 3, домофон 45"]
    static let greekNames = ["Γιώργος Παπαδόπουλος", "Μαρία Νικολάου", "Ελένη Γεωργίου", "Κώστας Δημητρίου"]
    static let greekAddresses = ["Οδός Ερμού 25", "Λεωφόρος Βασιλίσσης Σοφίας 76", "Οδός Τσιμισκή 112"]
    static let greekLine2 = ["105 63 Αθήνα", "115 28 Αθήνα, 3ος όροφος", "546 22 Θεσσαλονίκη"]

    // MARK: - Everything else

    static let items = [
        "iPod Touch", "AirPods (2nd generation)", "Lightning to USB Cable (1 m)", "USB-C Power Adapter", "Box of 12 croissants",
        "Replacement kettle lid", "Ergonomic office chair, graphite, assembly required", "Paperback: Middlemarch",
        "Dog food, 12 kg", "Ceramic planter", "Printer toner (black)", "Spare bicycle inner tube 700x25c",
    ]
    static let instructions = [
        "Leave with the concierge.",
        "Ring twice; the bell is quiet.",
        "Leave with the concierge in the lobby if there is no answer at the flat.",
        "Side gate code 4821. Please close the gate behind you, the dog is friendly but fast.",
        "Fragile 📦 handle with care",
        "Deliver to the loading dock at the rear of the building between 09:00 and 11:00 only; reception cannot accept parcels over 10 kg, and the lift to the fourth floor is out of service until further notice, so please call ahead.",
        "不在の場合は宅配ボックスへ",
        "Оставьте у консьержа",
    ]
    static let windows = ["09:00-12:00", "12:00-15:00", "15:00-18:00", "18:00-21:00", "08:00-08:30", "All day"]
}
