#if os(Linux)
    import Foundation
    import Testing

    /// Workers after the first are forked from a warmed template: the reports are the ones exec'd
    /// workers give, byte for byte, whatever happens to the template.
    @Suite struct ForkServerTests {
        /// Traps often, so the exploration keeps asking for fresh workers.
        static let scenario = "Scenarios/hiitfit/done-exercises-survive-relaunch.scenario"
        static let arguments = ["explore", "--json", "--edition", "book", scenario]

        /// The exploration with every worker exec'd: what every other way must print.
        static let execReport: CommandLineTests.Outcome? = {
            let harness = try? RunningHarness(arguments, environment: ["HARNESS_WORKERS": "exec"])
            return harness?.finish()
        }()

        @Test func forkedWorkersWriteTheReportExecdWorkersWrite() throws {
            let exec = try #require(Self.execReport)
            let log = StartLog()
            let forked = try #require(try RunningHarness(Self.arguments, environment: log.environment).finish())
            let starts = log.lines()
            #expect(exec.status == 1, "the book fails this scenario")
            #expect(exec.output.contains("\"outcome\" : \"trap\""))
            #expect(forked.status == exec.status)
            #expect(forked.output == exec.output)
            #expect(starts.filter { $0.hasPrefix("forked ") }.count > 5, "\(starts)")
            #expect(!starts.contains { $0.hasPrefix("exec (") || $0.hasPrefix("fork server dropped") }, "\(starts)")
            // The template parsed and ran the scenario once; its workers start out holding both.
            #expect(starts.contains("prepared \(Self.scenario)"), "\(starts)")
            #expect(!starts.contains { $0.hasPrefix("not prepared") }, "\(starts)")
        }

        /// Explores with a test hook set; expects the report exec'd workers write, and returns how each
        /// worker was started.
        func startsWithTheExecReport(hook: [String: String]) throws -> [String] {
            let exec = try #require(Self.execReport)
            let log = StartLog()
            let environment = log.environment.merging(hook) { $1 }
            let result = try #require(try RunningHarness(Self.arguments, environment: environment).finish())
            #expect(result.status == exec.status)
            #expect(result.output == exec.output)
            return log.lines()
        }

        @Test func aTemplateThatDiesTakesItsWorkersAndChangesNoVerdict() throws {
            // By its fourth request the template has forked spares: they end with it, unused.
            let starts = try startsWithTheExecReport(hook: ["HARNESS_TEST_TEMPLATE_DIES_AFTER": "4"])
            #expect(starts.contains { $0.hasPrefix("fork server dropped") }, "\(starts)")
        }

        @Test func aFailedPrepareLeavesTheWorkersToParseAndRunTheScenario() throws {
            // The template's first request is to prepare the scenario.
            let starts = try startsWithTheExecReport(hook: ["HARNESS_TEST_FORK_FAILS_AT": "1"])
            let failure = "could not prepare \(Self.scenario): failure injected for a test"
            #expect(starts.contains { $0.hasPrefix("not prepared") && $0.contains(failure) }, "\(starts)")
            #expect(starts.filter { $0.hasPrefix("forked ") }.count > 5, "\(starts)")
        }

        @Test func aTemplateKilledMidExplorationChangesNoVerdict() throws {
            let exec = try #require(Self.execReport)
            let log = StartLog()
            let harness = try RunningHarness(Self.arguments, environment: log.environment)
            let template = try #require(ChildProcesses.forkTemplate(of: harness.process.processIdentifier))
            // Forking is safe only in a process with one thread.
            #expect(ChildProcesses.threads(of: template) == 1)
            #expect(kill(template, SIGKILL) == 0)
            let result = try #require(harness.finish())
            #expect(result.status == exec.status)
            #expect(result.output == exec.output)
            #expect(log.lines().contains { $0.hasPrefix("forked ") })
        }

        @Test func aFailedForkFallsBackToExecWithTheSameReport() throws {
            // Its first request prepares the scenario; the second forks.
            let starts = try startsWithTheExecReport(hook: ["HARNESS_TEST_FORK_FAILS_AT": "2"])
            let fallback = "exec (fork server: the fork server could not fork: fork failure injected for a test)"
            #expect(starts.contains(fallback), "\(starts)")
            // The template that failed one fork serves the next.
            #expect(starts.filter { $0.hasPrefix("forked ") }.count > 5, "\(starts)")
        }

        @Test func theTemplateAndItsWorkersEndWithTheHarness() throws {
            let harness = try RunningHarness(Self.arguments)
            let template = try #require(ChildProcesses.forkTemplate(of: harness.process.processIdentifier))
            var workers: [pid_t] = []
            let giveUp = Date(timeIntervalSinceNow: 60)
            while workers.isEmpty && Date() < giveUp {
                workers = ChildProcesses.of(template)
                usleep(2_000)
            }
            kill(harness.process.processIdentifier, SIGKILL)
            _ = harness.finish()
            #expect(!workers.isEmpty, "the template forked no worker")
            for process in [template] + workers {
                let gone = ChildProcesses.waitUntilGone(process, within: 20)
                #expect(gone, "process \(process) outlived the harness")
                if !gone { kill(process, SIGKILL) }
            }
        }
    }
#endif
