import Model
import RowLayout
import Typesetting

/// Heights of Deliveries rows for the row-height engine, from the same cell
/// spec that draws them. It reads the rows through `source`: for a store, a
/// page of the local file read on the calling thread when it is not kept
/// (the loop's reads are listed in docs/update-and-render.md).
public struct DeliveryRowMeasurer: RowMeasuring {
    public let source: any DeliverySource
    public let typesetter: Typesetter
    /// The sample rows, read once for every context this measurer's layout sees.
    private let sample = KeptSample()

    public init(source: any DeliverySource, typesetter: Typesetter) {
        self.source = source
        self.typesetter = typesetter
    }

    public func exactHeight(ofRow row: Int, in context: LayoutContext) -> Int {
        height(ofRow: row, in: context, typesetter: typesetter)
    }

    public func exactHeightMeasuredOnce(ofRow row: Int, in context: LayoutContext) -> Int {
        var once = typesetter
        once.cachesMeasurements = false
        return height(ofRow: row, in: context, typesetter: once)
    }

    private func height(ofRow row: Int, in context: LayoutContext, typesetter: Typesetter) -> Int {
        DeliveryRowContent.height(
            of: source.delivery(at: row), width: context.width, category: Self.category(context), typesetter: typesetter
        )
    }

    public var cheaplyReadableRows: Int { source.cheaplyReadableRows }

    func content(ofRow row: Int, in context: LayoutContext, fixedHeight: Int? = nil) -> DeliveryRowContent {
        DeliveryRowContent(
            source.delivery(at: row), width: context.width, category: Self.category(context),
            typesetter: typesetter, fixedHeight: fixedHeight
        )
    }

    /// Lines from text lengths alone (`RowHeightEstimator`): cheap enough to run for a million rows.
    public func estimatedHeight(ofRow row: Int, in context: LayoutContext) -> Int {
        estimator(context).height(for: source.textLengths(at: row))
    }

    /// The run's lengths read together, the per-size figures worked out once.
    public func estimatedHeights(ofRows rows: Range<Int>, in context: LayoutContext) -> [Int] {
        let estimator = estimator(context)
        return source.textLengths(in: rows).map(estimator.height(for:))
    }

    public func sampleHeights(ofRows rows: [Int], in context: LayoutContext) -> [SampleHeight] {
        let estimator = estimator(context)
        let category = Self.category(context)
        return sample.rows(at: rows, in: source).map { row in
            SampleHeight(
                exact: DeliveryRowContent.height(of: row.delivery, width: context.width, category: category, typesetter: typesetter),
                estimated: estimator.height(for: row.lengths)
            )
        }
    }

    private func estimator(_ context: LayoutContext) -> RowHeightEstimator {
        RowHeightEstimator(width: context.width, category: Self.category(context), typesetter: typesetter)
    }

    /// Every row under the fixed strategy: one name line and two address lines.
    public func fixedHeight(in context: LayoutContext) -> Int {
        let category = Self.category(context)
        let name = typesetter.rowsPerLine(for: .headline, at: category)
        let address = typesetter.rowsPerLine(for: .subheadline, at: category)
        let badge = StatusBadge(status: .pending, category: category)
        return max(name + 2 * address, badge.rows) + DeliveryRowContent.spacing(after: category, typesetter: typesetter)
    }

    static func category(_ context: LayoutContext) -> ContentSizeCategory {
        ContentSizeCategory(rawValue: context.category) ?? .large
    }
}
