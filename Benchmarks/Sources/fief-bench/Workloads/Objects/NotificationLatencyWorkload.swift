/// O9: commit-to-notification latency. An observer watches one object the way a user of the
/// engine would; the writer adds 1 to its score, one transaction at a time, and waits until the
/// observer has been handed the new score before the next commit.
///
/// Each latency runs from just before the commit starts (the last statement inside the write
/// transaction) until the observer's callback receives the new value. Commits use
/// `synchronous=NORMAL`, the usual app setting, so the figure is the notification path rather
/// than the disk. The rows give the median (O9a) and the 99th percentile (O9b) of each run.
struct NotificationLatencyWorkload: ObjectWorkload {
    let name = "o9-notify-latency"
    let summary = "commit-to-notification latency of an observed object (median and p99)"

    func run(in context: ObjectContext) throws -> [ResultRow] {
        let config = context.config
        let watched = 0
        var median = ResultRow(workload: name, number: "O9a", title: "Commit-to-notification latency, median",
                               unit: "ms", better: .lower)
        var p99 = ResultRow(workload: name, number: "O9b", title: "Commit-to-notification latency, p99",
                            unit: "ms", better: .lower)
        for engine in context.engines {
            guard engine.observesChanges else {
                median.remarks[engine.name] = "not yet available"
                p99.remarks[engine.name] = "not yet available"
                continue
            }
            try context.withStore(engine, label: name, mode: .normal) { store, _ in
                let recorder = NotificationRecorder()
                let observation = try store.observeScore(id: watched) { recorder.deliver($0) }
                defer { observation.stop() }
                var score = context.dataset.scores[watched]
                func round() throws -> Double {
                    score += 1
                    recorder.expect(score)
                    var start: UInt64 = 0
                    try store.incrementScore(id: watched) { start = NotificationRecorder.now() }
                    guard let arrival = recorder.waitForArrival(timeout: config.notificationTimeout), arrival >= start else {
                        throw BenchError.disagreement(workload: name, engine: engine.name,
                                                      detail: "no notification of score \(score) within \(config.notificationTimeout) s")
                    }
                    return Double(arrival - start) / 1e6
                }
                for _ in 0..<config.notificationWarmup { _ = try round() }
                var medians: [Double] = []
                var tails: [Double] = []
                for run in 0..<context.runs {
                    let latencies = try (0..<config.notifications).map { _ in try round() }.sorted()
                    medians.append(Stats(samples: latencies).median)
                    tails.append(latencies[Int((Double(latencies.count) * 0.99).rounded(.up)) - 1])
                    context.progress(name, engine, "run \(run + 1): median \(Format.figure(medians[run], unit: "ms")) ms, "
                        + "p99 \(Format.figure(tails[run], unit: "ms")) ms")
                }
                median.figures[engine.name] = Stats(samples: medians)
                p99.figures[engine.name] = Stats(samples: tails)
            }
        }
        return [median, p99]
    }
}
