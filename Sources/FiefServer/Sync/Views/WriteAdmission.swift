@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol
import Foundation

/// Judges an upload's (transformed) changeset against the writer's rules, on the replica as it
/// stands before the changeset: what the writer may do enters the history; the rest is left
/// out and reported, and the writer's device reverts it when its own changeset comes back
/// (a compensating write).
///
/// - `createObject` needs the class's `create`; erasing needs `delete` and an object the write
///   filter matches; every other change needs an object the write filter matches (or one the
///   same changeset created).
/// - Objects of internal classes (`__User`...) are written only by the server, whatever the
///   rules.
/// - Schema additions always pass: they are additive and the same on every device.
struct WriteAdmission {
    /// The realm's state before the changeset; nil when the rules bind nobody (then only
    /// internal classes are checked, which needs no state).
    let replica: RealmReplica?
    let rules: AppliedRules
    /// Why each refused instruction was refused, in order (one line per object).
    private(set) var refusals: [String] = []
    private var writeFilters: [String: SyncViewQuery?] = [:]

    init(replica: RealmReplica?, rules: AppliedRules) {
        self.replica = replica
        self.rules = rules
    }

    /// The part of `changeset` the writer may make.
    mutating func admit(_ changeset: SyncChangeset) -> SyncChangeset {
        guard !rules.isUnrestricted || changeset.instructions.contains(where: { AppliedRules.isInternal($0.className) }) else { return changeset }
        var created: Set<SyncObjectKey> = []
        var refused: Set<SyncObjectKey> = []
        var kept: [SyncInstruction] = []
        kept.reserveCapacity(changeset.instructions.count)
        for instruction in changeset.instructions {
            if let reason = refusal(of: instruction, created: &created) {
                if let key = instruction.objectKey, refused.insert(key).inserted {
                    refusals.append("\(key): \(reason)")
                } else if instruction.objectKey == nil {
                    refusals.append("\(instruction.className): \(reason)")
                }
                continue
            }
            kept.append(instruction)
        }
        return SyncChangeset(kept)
    }

    private mutating func refusal(of instruction: SyncInstruction, created: inout Set<SyncObjectKey>) -> String? {
        let className = instruction.className
        guard let key = instruction.objectKey else { return nil }
        if AppliedRules.isInternal(className) { return "\(className) is internal to the server: only the server writes it" }
        guard !rules.isUnrestricted, replica != nil else { return nil }
        guard let rule = rules.rule(for: className) else { return "\(rules.roleDescription) has no access to \(className)" }
        switch instruction {
        case .createObject:
            if exists(key) { return nil }
            guard rule.mayCreate else { return "\(rules.roleDescription) may not create \(className) objects" }
            created.insert(key)
            return nil
        case .eraseObject:
            guard rule.mayDelete else { return "\(rules.roleDescription) may not delete \(className) objects" }
            return mayWrite(key, rule) ? nil : "\(rules.roleDescription) may not delete this object (write filter: \(rule.write ?? "none"))"
        default:
            if created.contains(key) { return rule.write == nil ? "\(rules.roleDescription) may not write \(className) objects" : nil }
            guard rule.write != nil else { return "\(rules.roleDescription) may not write \(className) objects" }
            return mayWrite(key, rule) ? nil : "\(rules.roleDescription) may not write this object (write filter: \(rule.write ?? "none"))"
        }
    }

    private func exists(_ key: SyncObjectKey) -> Bool {
        (try? replica?.realm.syncObjectExists(className: key.className, object: key.object)) ?? false
    }

    /// Whether the object the write filter would judge matches it (an object that does not
    /// exist passes: changes to it do nothing).
    private mutating func mayWrite(_ key: SyncObjectKey, _ rule: RealmRules.ClassRule) -> Bool {
        guard let filter = rule.write, let replica else { return false }
        if filter == "TRUEPREDICATE" { return true }
        let query: SyncViewQuery?
        if let cached = writeFilters[key.className] {
            query = cached
        } else {
            query = try? SyncViewQuery(realm: replica.realm, className: key.className, query: filter, variables: rules.variables)
            writeFilters[key.className] = query
        }
        // A filter that does not compile against the schema (a property no device has
        // created yet) matches nothing.
        guard let query else { return false }
        if !exists(key) { return true }
        return (try? query.matches(key.object)) ?? false
    }
}
