import Foundation

/// A change to observed ``SectionedResults`` or a ``ResultsSection``, as `observe` delivers it.
///
/// ```swift
/// let token = byLetter.observe { change in
///     switch change {
///     case .initial(let sections):
///         print(sections.allKeys)
///     case .update(_, let deletions, let insertions, let modifications, let sectionsToInsert, let sectionsToDelete):
///         print(deletions, insertions, modifications, sectionsToInsert, sectionsToDelete)
///     }
/// }
/// ```
///
/// As for a table view's batch update: `sectionsToDelete` and `deletions` are positions in the
/// previous sections, `sectionsToInsert`, `insertions` and `modifications` positions in the new
/// ones. The items of a deleted section are not listed in `deletions`; those of an inserted
/// section are listed in `insertions`. An element that moved (to another section, or within its
/// section because it was modified) is a deletion and an insertion.
public enum SectionedResultsChange<Collection> {
    /// The first delivery: the sections as they are now.
    case initial(Collection)
    /// A later delivery: what changed since the previous one.
    case update(Collection, deletions: [IndexPath], insertions: [IndexPath], modifications: [IndexPath],
                sectionsToInsert: IndexSet, sectionsToDelete: IndexSet)
}

extension SectionedResultsChange: @unchecked Sendable where Collection: Sendable {}

/// The former name of ``SectionedResultsChange``.
@available(*, deprecated, renamed: "SectionedResultsChange")
public typealias RealmSectionedResultsChange = SectionedResultsChange
