import Testing

@testable import Harness

/// The oracles look for "fault" and "crash" in what each platform operation did: searched in the bytes of
/// an ASCII result, by Foundation otherwise; either way a word is found wherever it stands, and only then.
@Suite struct OperationResultSearchTests {
    @Test func aWordIsFoundAtEitherEndAndInside() {
        #expect(Oracle.mentions("fault", in: "fault"))
        #expect(Oracle.mentions("fault", in: "fault: torn at 17"))
        #expect(Oracle.mentions("crash", in: "crash before (kill)"))
        #expect(Oracle.mentions("crash", in: "threw EIO, crash"))
        #expect(Oracle.mentions("fault", in: "write ok, faultfault"))
    }

    @Test func aWordNotThereIsNotFound() {
        #expect(!Oracle.mentions("fault", in: ""))
        #expect(!Oracle.mentions("fault", in: "faul"))
        #expect(!Oracle.mentions("fault", in: "faul t"))
        #expect(!Oracle.mentions("crash", in: "ok"))
        #expect(!Oracle.mentions("crash", in: "Crash"), "the search is case-sensitive, as it always was")
    }

    @Test func aResultWithOtherCharactersIsSearchedAsBefore() {
        #expect(Oracle.mentions("fault", in: "Café: fault"))
        #expect(!Oracle.mentions("fault", in: "Café: ok"))
        #expect(Oracle.mentions("crash", in: "📁 crash before (power loss)"))
    }
}
