// libFuzzer entry for the command-line option parsers. Not a package target: Tests/Fuzz/fuzz.sh compiles the modules
// Harness and HarnessBench with testing on, so that it sees the internal parsers.
import ChecklistsPlugin
import HIITFitPlugin
import NamesToFacesPlugin

@testable import Harness
@testable import HarnessBench

/// The three shipped apps, so that every app and edition name is one a parser accepts.
let plugins = try! PluginRegistry([.hiitfit, .checklists, .namesToFaces])

/// One input: its NUL-separated words, as the arguments after the verb, given to every command's parser; then the
/// options a shard's label records, or the error's line. Parsing looks at no file, so made-up paths reach no disk.
@_cdecl("LLVMFuzzerTestOneInput")
public func optionsFuzzerTestOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let words = UnsafeRawBufferPointer(start: start, count: count)
        .split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    do throws(CommandLineError) {
        _ = try RunOptions.parse(words, plugins: plugins).reportOptions
    } catch {
        _ = error.description
    }
    do throws(CommandLineError) {
        _ = try ExploreCommand.parse(words, plugins: plugins).reportOptions
    } catch {
        _ = error.description
    }
    do throws(CommandLineError) {
        _ = try ImportCommand.parse(words, plugins: plugins)
    } catch {
        _ = error.description
    }
    do throws(CommandLineError) {
        _ = try MergeCommand.parse(words)
    } catch {
        _ = error.description
    }
    do throws(CommandLineError) {
        _ = try BenchCommand.parse(words)
    } catch {
        _ = error.description
    }
    return 0
}
