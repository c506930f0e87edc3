@testable import FiefServer
@_spi(Sync) import FiefSyncProtocol
import Prometheus
import XCTest

/// ``ServerMetrics`` counts into the registry it is given, never the process-wide metrics
/// system, so servers (and tests) with registries of their own do not mix.
final class ServerMetricsTests: XCTestCase {
    func testEachRegistryCountsOnlyItsOwnServer() {
        let first = PrometheusCollectorRegistry()
        let second = PrometheusCollectorRegistry()
        let metrics = ServerMetricsConfiguration(registry: first).makeMetrics()
        _ = ServerMetricsConfiguration(registry: second).makeMetrics()

        metrics.errorSent(.diskFull)
        metrics.errorSent(.diskFull)
        metrics.errorSent(SyncErrorCode(rawValue: 299))
        metrics.loginAttempt("success")
        metrics.loginAttempt("somethingNew")
        metrics.httpResponse(status: 404)
        metrics.httpResponse(status: 101)
        metrics.connections.increment()
        metrics.sessions.increment(by: 3.0)
        metrics.sessions.decrement()

        let text = PrometheusText(first.emitToString())
        XCTAssertEqual(text[#"fief_sync_errors_total{code="diskFull"}"#], 2, text.text)
        XCTAssertEqual(text[#"fief_sync_errors_total{code="unknown"}"#], 1, text.text)
        XCTAssertEqual(text[#"fief_login_attempts_total{outcome="success"}"#], 1, text.text)
        XCTAssertEqual(text[#"fief_login_attempts_total{outcome="other"}"#], 1, text.text)
        XCTAssertEqual(text[#"fief_http_requests_total{status="4xx"}"#], 1, text.text)
        XCTAssertEqual(text[#"fief_http_requests_total{status="1xx"}"#], 1, text.text)
        XCTAssertEqual(text["fief_sync_connections"], 1, text.text)
        XCTAssertEqual(text["fief_sync_sessions"], 2, text.text)

        let untouched = PrometheusText(second.emitToString())
        XCTAssertEqual(untouched[#"fief_sync_errors_total{code="diskFull"}"#], 0, untouched.text)
        XCTAssertEqual(untouched["fief_sync_connections"], 0, untouched.text)
    }
}
