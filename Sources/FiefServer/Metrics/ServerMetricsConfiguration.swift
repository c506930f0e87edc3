import CoreMetrics
import Prometheus

/// Where the server's metrics go and who may read them at `GET /metrics`.
///
/// ```swift
/// let registry = PrometheusCollectorRegistry()
/// MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry)) // once, in the executable
/// configuration.metrics = ServerMetricsConfiguration(registry: registry, token: nil)
/// ```
public struct ServerMetricsConfiguration: Sendable {
    /// The registry `GET /metrics` prints, in the Prometheus text format; the server's metrics
    /// are made in it.
    public var registry: PrometheusCollectorRegistry
    /// When set, `GET /metrics` needs `Authorization: Bearer <token>`; nil serves it to anyone
    /// who reaches the server (on a loopback address, only local scrapers).
    public var token: String?

    /// A configuration over `registry`, open or protected by `token`.
    public init(registry: PrometheusCollectorRegistry, token: String? = nil) {
        self.registry = registry
        self.token = token
    }

    /// The metrics made in ``registry``.
    func makeMetrics() -> ServerMetrics {
        ServerMetrics(factory: PrometheusMetricsFactory(registry: registry))
    }
}
