@_spi(Sync) import Fief

/// The asymmetric classes of a realm, learned from the `addClass` instructions of its history,
/// and the form of its changesets that devices download: without any instruction on an
/// asymmetric class. Devices upload asymmetric objects and never receive them (nor their class).
///
/// ```swift
/// var asymmetric = AsymmetricClasses()
/// asymmetric.note(entry.changeset)
/// let sent = asymmetric.downloadForm(entry.changeset)
/// ```
@_spi(Sync) public struct AsymmetricClasses: Sendable, Equatable {
    /// The names of the asymmetric classes seen so far.
    public private(set) var names: Set<String> = []

    public init() {}

    /// Notes the asymmetric classes `changeset` adds.
    public mutating func note(_ changeset: SyncChangeset) {
        for case let .addClass(name, _, _, true) in changeset.instructions { names.insert(name) }
    }

    /// `changeset` without its instructions on asymmetric classes (the same changeset when it
    /// has none).
    public func downloadForm(_ changeset: SyncChangeset) -> SyncChangeset {
        guard !names.isEmpty, changeset.instructions.contains(where: { names.contains($0.className) }) else { return changeset }
        return SyncChangeset(changeset.instructions.filter { !names.contains($0.className) })
    }
}
