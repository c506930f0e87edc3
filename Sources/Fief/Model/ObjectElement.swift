/// Object classes as a protocol, so generic code can open an element type known only at run
/// time (`Element.self as? any ObjectElement.Type`) into its class.
protocol ObjectElement: ObjectBase {}

extension ObjectBase: ObjectElement {}
