import Foundation

/// A self-contained HTML page: per scenario, a matrix of operations (rows) by faults
/// (columns), each cell coloured by the worst outcome and linked to its reproduction.
enum FaultMatrixPage {
    static let colours: [OutcomeClass: String] = [
        .passed: "#cfeccf", .alerted: "#cfe0f7", .platformLoss: "#f7ecc0",
        .dataLoss: "#f4b6b6", .silentOverwrite: "#e49ad9", .trap: "#c0392b", .hang: "#e67e22",
        .harnessError: "#555555",
    ]

    static func html(_ report: ExploreReport) -> String {
        var body = [
            "<h1>Fault matrix: \(escape(report.edition)) edition</h1>",
            "<p>\(report.schedules) schedules. "
                + OutcomeClass.allCases.map { "\(report.outcomes[$0.rawValue] ?? 0) \($0.rawValue)" }.joined(
                    separator: ", ") + "</p>",
            legend(),
        ]
        for scenario in report.scenarios {
            body.append("<h2>\(escape(scenario.scenario))</h2>")
            if let problem = scenario.problem {
                body.append("<p>Not explored: \(escape(problem))</p>")
                if !scenario.errors.isEmpty {
                    body.append("<pre>\(scenario.errors.map(escape).joined(separator: "\n"))</pre>")
                }
                continue
            }
            let runs = report.runs.filter { $0.scenario == scenario.scenario }
            if runs.count == 1, let faultFree = runs.first, faultFree.isFaultFree {
                body.append(
                    "<p>Not explored: the fault-free run ended in \(faultFree.outcome.rawValue): "
                        + "\(escape(faultFree.message ?? ""))</p>")
            }
            body.append(table(runs))
            if !scenario.neverFired.isEmpty {
                body.append("<p>Never fired: \(escape(scenario.neverFired.joined(separator: ", ")))</p>")
            }
        }
        return """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>Fault matrix</title>
            <style>
            body { font-family: -apple-system, Helvetica, sans-serif; margin: 2em; }
            table { border-collapse: collapse; font-size: 12px; }
            th, td { border: 1px solid #999; padding: 2px 6px; }
            th.op { text-align: left; font-family: monospace; font-weight: normal; }
            td { text-align: center; min-width: 2em; }
            td.none { background: #eee; color: #999; }
            </style></head><body>
            \(body.joined(separator: "\n"))
            </body></html>
            """
    }

    private static func legend() -> String {
        "<p>"
            + OutcomeClass.severity.map {
                "<span style=\"background:\(colours[$0]!);padding:2px 8px\">\($0.rawValue)</span>"
            }
            .joined(separator: " ")
            + " <span style=\"background:#eee;padding:2px 8px\">not injected</span></p>"
    }

    private static func table(_ runs: [ExploredRun]) -> String {
        let columns = Array(Set(runs.map(\.column))).sorted()
        // A row per operation, and per step a lifecycle event follows (its site names the step).
        var rows: [String] = []
        for run in runs where !rows.contains(run.site) { rows.append(run.site) }
        var html = ["<table><tr><th>operation</th>" + columns.map { "<th>\(escape($0))</th>" }.joined() + "</tr>"]
        for site in rows {
            var cells = "<tr><th class=\"op\">\(escape(site))</th>"
            for column in columns {
                let cell = runs.filter { $0.site == site && $0.column == column }
                // Shown: runs whose fault fired, runs the harness could not carry out, and the fault-free run.
                let injected = cell.filter { $0.injected || $0.outcome == .harnessError || $0.isFaultFree }
                guard let worst = injected.max(by: { $0.outcome.rank < $1.outcome.rank }) else {
                    cells += cell.isEmpty ? "<td></td>" : "<td class=\"none\">–</td>"
                    continue
                }
                let title = injected.map { run in
                    escape("\(run.fault): \(run.outcome.rawValue)" + (run.message.map { " (\($0))" } ?? ""))
                }.joined(separator: "&#10;")
                let mark =
                    worst.outcome == .harnessError
                    ? "?"
                    : worst.outcome.isFailure
                        ? "✗"
                        : (worst.outcome == .alerted ? "!" : "✓")
                let content =
                    injected.first(where: { $0.reproduction != nil })?.reproduction.map {
                        "<a href=\"\(escape(URL(fileURLWithPath: $0).absoluteString))\">\(mark)</a>"
                    } ?? mark
                cells += "<td style=\"background:\(colours[worst.outcome]!)\" title=\"\(title)\">\(content)</td>"
            }
            html.append(cells + "</tr>")
        }
        html.append("</table>")
        return html.joined(separator: "\n")
    }

    /// Text as HTML.
    static func escape(_ text: String) -> String { MarkupText.escaped(text) }
}
