// `import FiefSync` is all a RealmSwift app needs: it brings Fief's whole API with it.
@_exported import Fief
@_exported import enum FiefSyncProtocol.CustomDataValue
@_exported import struct FiefSyncProtocol.UserProfile
