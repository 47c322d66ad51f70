/// A small least-recently-used cache of fixed-size pages of rows.
///
/// Scrolling touches the same few pages over and over; a handful kept is
/// enough, and the cap keeps a million-row store's memory flat.
public struct PageCache<Page> {
    private let capacity: Int
    private var pages: [Int: Page] = [:]
    /// Page numbers, least recently used first.
    private var order: [Int] = []

    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    public mutating func page(_ number: Int) -> Page? {
        guard let page = pages[number] else { return nil }
        if let index = order.lastIndex(of: number), index != order.count - 1 {
            order.remove(at: index)
            order.append(number)
        }
        return page
    }

    public mutating func insert(_ page: Page, number: Int) {
        if pages.updateValue(page, forKey: number) == nil {
            order.append(number)
            if order.count > capacity { pages[order.removeFirst()] = nil }
        }
    }

    /// The pages kept, in no particular order.
    public var cachedPages: Dictionary<Int, Page>.Values { pages.values }

    public mutating func removeAll() {
        pages = [:]
        order = []
    }
}

extension PageCache: Sendable where Page: Sendable {}
