import Foundation

#if !canImport(UIKit) && !canImport(AppKit)
/// Section and item positions, as ``SectionedResultsChange`` reports them. UIKit and AppKit
/// add these to `IndexPath` on Apple platforms; Fief adds the same where they are missing
/// (Linux), so code reading the changes is the same everywhere.
///
/// ```swift
/// let path = IndexPath(item: 0, section: 2)
/// print(path.section, path.item)   // 2 0
/// ```
extension IndexPath {
    /// The path of item `item` of section `section`.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The section (the path's first index).
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The item within the section (the path's second index).
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
#endif
