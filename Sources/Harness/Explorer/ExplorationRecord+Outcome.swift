extension ExplorationRecord {
    /// The class the oracles give this exploring run against its scenario's fault-free run `baseline`, as a
    /// worker judges it: for the bench's one-process-per-schedule baseline, which judges the runs sent back.
    package func outcome(against baseline: ExplorationRecord) -> OutcomeClass {
        Oracle.classify(baseline: baseline, run: self)
    }
}
