/// Changesets that only repeat a schema the realm already has.
extension Realm {
    /// Whether every instruction of `changesets` adds a class or a property that this realm's
    /// schema already has, exactly as the instruction describes it: integrating them would
    /// change nothing. False for any data instruction, and for an empty list.
    ///
    /// A new file records the schema it was opened with, so a client's first changeset
    /// repeats the schema of a realm that other clients created. A server lets a user who may
    /// only read send such changesets.
    @_spi(Sync) public func onlyRepeatsSchema(_ changesets: [SyncChangeset]) -> Bool {
        let schema = self.schema.fileForm
        let instructions = changesets.lazy.flatMap(\.instructions)
        return !instructions.isEmpty && instructions.allSatisfy { instruction in
            switch instruction {
            case let .addClass(name, primaryKey, isEmbedded, isAsymmetric):
                guard let existing = schema[name] else { return false }
                return existing.isEmbedded == isEmbedded && existing.isAsymmetric == isAsymmetric
                    && existing.primaryKeyProperty.map(SyncPropertySchema.init(property:)) == primaryKey
            case let .addProperty(className, property):
                return schema[className]?[property.name].map(SyncPropertySchema.init(property:)) == property
            default:
                return false
            }
        }
    }
}
