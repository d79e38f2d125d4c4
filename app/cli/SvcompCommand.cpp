// SPDX-License-Identifier: MIT
// `weft svcomp`: one SV-COMP task checked with SV-COMP's semantics (README "weft svcomp"). The property
// picks the event model: unreach-call and valid-memsafety explore under sc (every interleaving of
// shared accesses, so racy programs are decided too), no-data-race under sync (the first race of any
// execution is found in an explored one). The first violation stops the exploration; anything Weft
// cannot decide (a bound, an unsupported operation, unexplored inputs) makes the verdict unknown.
#include "app/cli/Commands.hpp"
#include "app/cli/SvcompTask.hpp"
#include "app/cli/SvcompWitness.hpp"
#include "engine/base/Message.hpp"
#include "engine/debugger/ProgramExploration.hpp"
#include "engine/debugger/ProgramLoader.hpp"
#include "engine/debugger/ResultsJson.hpp"
#include "engine/frontend/CCompiler.hpp"
#include "engine/frontend/Sha256.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace weft::cli {

namespace {

/// The range wider nondet types are explored over unless --nondet says otherwise.
constexpr std::int64_t kSvcompNondetLo = -1;
constexpr std::int64_t kSvcompNondetHi = 16;
/// Instructions a thread may run between two visible actions unless --max-steps says otherwise.
constexpr std::uint64_t kSvcompStepBound = 1'000'000'000;
/// Condition waits per thread that may wake up spuriously.
constexpr std::uint32_t kSvcompSpuriousWakeups = 3;

struct Verdict {
    enum Kind { True, False, Unknown } kind = Unknown;
    std::string reason;
};

/// The specification line of each property as SV-COMP's .prp files state it.
std::string specificationOf(SvcompProperty p) {
    switch (p) {
    case SvcompProperty::UnreachCall: return "CHECK( init(main()), LTL(G ! call(reach_error())) )";
    case SvcompProperty::NoDataRace: return "CHECK( init(main()), LTL(G ! data-race) )";
    case SvcompProperty::ValidMemsafety:
        return "CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )\n"
               "CHECK( init(main()), LTL(G valid-memtrack) )";
    default: return {};
    }
}

/// Whether a memory fault's message is one valid-memsafety forbids (valid-deref, valid-free).
bool isMemorySafetyFault(const std::string &message) {
    for (const char *what : {"null pointer dereference", "free of a null-derived pointer", "invalid pointer dereference",
                             "out-of-bounds", "use after free", "use after return", "double free", "invalid free"})
        if (message.find(what) != std::string::npos)
            return true;
    return false;
}

bool isViolation(SvcompProperty p, const Defect &d) {
    switch (p) {
    case SvcompProperty::UnreachCall: return d.kind == DefectKind::AssertionFailure;
    case SvcompProperty::NoDataRace: return d.kind == DefectKind::DataRace;
    case SvcompProperty::ValidMemsafety: return d.kind == DefectKind::UndefinedBehaviour && isMemorySafetyFault(d.message);
    default: return false;
    }
}

/// Per step of `trace`, the __VERIFIER_nondet_* function a choice step's source line calls ("" when
/// the step is no choice, or its line calls none or several: the witness then states no value).
std::vector<std::string> resultFunctionsOf(const debugger::TracedExecution &trace, const program::Program &program,
                                           debugger::SourceText &source) {
    std::vector<std::string> names(trace.steps.size());
    static const std::string kPrefix = "__VERIFIER_nondet_";
    for (std::size_t i = 0; i < trace.steps.size(); ++i) {
        const debugger::TraceStep &s = trace.steps[i];
        if (s.action.kind != ActionKind::NondetChoice || !s.spot.line)
            continue;
        const std::string &line = source.line(program.sourceMap.fileName(s.spot.file), s.spot.line);
        std::string found;
        for (std::size_t at = line.find(kPrefix); at != std::string::npos; at = line.find(kPrefix, at + 1)) {
            std::size_t end = at + kPrefix.size();
            while (end < line.size() && (std::isalnum(static_cast<unsigned char>(line[end])) || line[end] == '_'))
                ++end;
            const std::string name = line.substr(at, end - at);
            if (!found.empty()) { // two calls on the line: which one chose is not said
                found.clear();
                break;
            }
            found = name;
        }
        names[i] = found;
    }
    return names;
}

/// Defects that only end a path under SV-COMP's semantics: a deadlock is no property violation.
bool endsPathSilently(const Defect &d) { return d.kind == DefectKind::Deadlock; }

std::string nowIso8601() {
    const std::time_t now = std::time(nullptr);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
    return text;
}

int finish(const Verdict &v, std::FILE *out) {
    static const char *const kNames[] = {"true", "false", "unknown"};
    std::fprintf(out, "weft: verdict %s%s\n", kNames[v.kind], v.reason.empty() ? "" : (" (" + v.reason + ")").c_str());
    return v.kind == Verdict::True ? kNoDefect : v.kind == Verdict::False ? kDefectFound : kUnknown;
}

void printDiagnostics(const std::vector<Diagnostic> &diagnostics, std::FILE *err) {
    std::fputs(frontend::formatDiagnostics(diagnostics).c_str(), err);
}

} // namespace

int runSvcomp(const CommandLine &cl, std::FILE *out, std::FILE *err) {
    const auto start = std::chrono::steady_clock::now();
    // The task: a task definition, or a C file with the property from the command line.
    SvcompTask task;
    const bool isTask = cl.file.ends_with(".yml") || cl.file.ends_with(".yaml");
    if (isTask) {
        auto read = readSvcompTask(cl.file);
        if (!read) {
            printDiagnostics(read.error(), err);
            return kBadInput;
        }
        task = std::move(*read);
    } else {
        task.inputFiles = {cl.file};
        task.properties.push_back({SvcompProperty::UnreachCall, {}, std::nullopt});
    }
    std::optional<SvcompProperty> wanted;
    if (!cl.property.empty()) {
        auto p = parseSvcompProperty(cl.property);
        if (!p) {
            printDiagnostics(p.error(), err);
            return kBadInput;
        }
        wanted = *p;
        if (!isTask)
            task.properties = {{*p, cl.property, std::nullopt}};
    }
    // Without --property a task is checked for its first property Weft decides, preferring unreach-call.
    const SvcompTaskProperty *chosen = nullptr;
    for (SvcompProperty preferred : {SvcompProperty::UnreachCall, SvcompProperty::NoDataRace, SvcompProperty::ValidMemsafety})
        for (const SvcompTaskProperty &p : task.properties)
            if (!chosen && p.property == (wanted ? *wanted : preferred))
                chosen = &p;
    if (!chosen && wanted) {
        std::fprintf(err, "%s: error: the task does not list the property %s\n", cl.file.c_str(),
                     svcompPropertyName(*wanted).c_str());
        return kBadInput;
    }
    if (!chosen)
        chosen = &task.properties.front();
    const SvcompProperty property = chosen->property;
    std::fprintf(out, "weft: checking %s for %s%s\n", task.inputFiles.front().c_str(), svcompPropertyName(property).c_str(),
                 chosen->expectedVerdict ? (*chosen->expectedVerdict ? " (the task expects true)" : " (the task expects false)")
                                         : "");
    if (property != SvcompProperty::UnreachCall && property != SvcompProperty::NoDataRace &&
        property != SvcompProperty::ValidMemsafety)
        return finish({Verdict::Unknown, "Weft does not check " + svcompPropertyName(property)}, out);
    if (task.language != "C")
        return finish({Verdict::Unknown, "the task's language is " + task.language + ", not C"}, out);
    if (task.inputFiles.size() > 1)
        return finish({Verdict::Unknown, "tasks of several input files are not supported"}, out);
    const std::string &file = task.inputFiles.front();

    auto loaded = debugger::loadProgram(file, cl.defines, cl.includeDirs, cl.standard, /*arbitraryLocals=*/true);
    if (!loaded) {
        printDiagnostics(loaded.error(), err);
        if (frontend::isCompilerFailure(loaded.error()))
            return kInternalError;
        finish({Verdict::Unknown, "the program does not compile"}, out);
        return kBadInput;
    }
    const program::Program &program = loaded->program;
    if (!loaded->warnings.empty() && !cl.quiet) {
        // The calls of functions only declared are run here (below): their warning does not hold.
        std::vector<Diagnostic> warnings;
        for (const Diagnostic &d : loaded->warnings) {
            const bool runs = std::any_of(program.undefinedFunctions.begin(), program.undefinedFunctions.end(),
                                          [&](const std::string &name) {
                                              return d.text == english(MessageKind::UnsupportedWarning, {name + "()"});
                                          });
            if (!runs || property == SvcompProperty::ValidMemsafety)
                warnings.push_back(d);
        }
        printDiagnostics(warnings, err);
    }

    interpreter::InterpreterOptions options = cl.interpreter;
    options.svcompSemantics = true;
    options.livelocksEndSilently = true; // a path that spins forever is cut, as SV-COMP reads it
    // Inputs are explored: bool and char over their whole domain, wider types over a small range
    // (--nondet explore:LO..HI picks another); a violation under any value is real, but no violation
    // proves nothing about values outside the range (the verdict is then unknown, below).
    if (options.nondet != interpreter::NondetSource::Explore) {
        options.nondet = interpreter::NondetSource::Explore;
        options.nondetLo = kSvcompNondetLo;
        options.nondetHi = kSvcompNondetHi;
    }
    // Tasks run long local loops (10^7 iterations); the timeout, polled inside them, still holds.
    if (options.stepBound == interpreter::InterpreterOptions{}.stepBound)
        options.stepBound = kSvcompStepBound;
    // POSIX lets pthread_cond_wait return without a signal: a few times per thread are explored (a
    // wait repeating the thread's last spurious wake-up needs none of them).
    options.spuriousWakeups = kSvcompSpuriousWakeups;
    // POSIX lets pthread_mutex_lock fail; where the program tests the result, both outcomes are explored.
    options.lockFailures = true;
    // Unlocking a mutex the thread does not hold returns EPERM and the run goes on (reported, so never
    // a true verdict past it): a race after it, or another thread's run before it, is still found.
    options.unheldUnlockFails = true;
    // A function the task only declares has no side effect and returns an arbitrary value of its type
    // (SV-COMP's reading), explored like a __VERIFIER_nondet_* input. A pointer result is explored as
    // NULL and as a fresh object, two of its possible values; under valid-memsafety the object's size
    // would decide an out-of-bounds violation, so such a call stays unsupported there.
    options.undefinedCalls = property == SvcompProperty::ValidMemsafety ? interpreter::UndefinedCalls::Integers
                                                                        : interpreter::UndefinedCalls::Values;
    ExplorationOptions exploration = cl.exploration;
    if (property == SvcompProperty::NoDataRace) {
        options.model = interpreter::MemoryModel::Sync;
        options.races = interpreter::RaceMode::Fatal;
        exploration.stopOnDefectKinds = 1u << unsigned(DefectKind::DataRace);
    } else {
        options.model = interpreter::MemoryModel::Sc;
        options.races = interpreter::RaceMode::Ignore;
        exploration.stopOnDefectKinds = 1u << unsigned(property == SvcompProperty::UnreachCall ? DefectKind::AssertionFailure
                                                                                               : DefectKind::UndefinedBehaviour);
    }
    auto owned = std::make_unique<debugger::ProgramExploration>(program, options, exploration);
    const ExplorationKeeper keeper(owned);
    debugger::ProgramExploration &explorer = *owned;
    const ExplorationResult result = explorer.run();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(out, "weft: %s (%s model, %u round%s), %.2f s in all\n", result.statistics.summary().c_str(),
                 options.model == interpreter::MemoryModel::Sc ? "sc" : "sync", explorer.rounds(),
                 explorer.rounds() == 1 ? "" : "s", seconds);

    for (const Defect &d : result.defects) {
        if (!isViolation(property, d))
            continue;
        debugger::SourceText source;
        const debugger::TracedExecution trace = debugger::traceSchedule(program, explorer.interpreterOptions(), d.schedule);
        std::fprintf(out, "weft: violation: %s: %s\n  schedule %s\n", std::string(defectKindName(d.kind)).c_str(),
                     faultText(d.message, debugger::defectLocation(d, program, trace)).c_str(), d.schedule.toString().c_str());
        printTrace(trace, program, source, out);
        if (!cl.witnessPath.empty()) {
            std::ifstream in(file, std::ios::binary);
            std::stringstream bytes;
            bytes << in.rdbuf();
            // The task's own property file states the specification best (old tasks name __VERIFIER_error).
            std::string specification = specificationOf(property);
            if (std::ifstream prp(chosen->propertyFile); prp && !chosen->propertyFile.empty()) {
                std::stringstream text;
                text << prp.rdbuf();
                if (propertyOfSpecification(text.str()) == property)
                    specification = text.str().substr(0, text.str().find_last_not_of(" \n") + 1);
            }
            const WitnessInfo info{file, frontend::sha256Hex(bytes.str()), specification,
                                   task.dataModel == "ILP32" ? "32bit" : "64bit", nowIso8601()};
            std::ofstream witness(cl.witnessPath);
            witness << violationWitness(info, trace, resultFunctionsOf(trace, program, source));
            if (!witness) {
                std::fprintf(err, "weft: error: cannot write '%s'\n", cl.witnessPath.c_str());
                return kBadInput;
            }
        }
        return finish({Verdict::False, std::string(defectKindName(d.kind)) + " at " + debugger::defectLocation(d, program, trace)},
                      out);
    }
    if (!result.isComplete())
        return finish({Verdict::Unknown, std::string("exploration incomplete: ") + stopReasonName(result.stopReason)}, out);
    for (const Defect &d : result.defects)
        if (!endsPathSilently(d))
            return finish({Verdict::Unknown, std::string(defectKindName(d.kind)) + ": " + shortened(d.message)}, out);
    for (const Diagnostic &d : result.diagnostics)
        if (d.severity != Severity::Note)
            return finish({Verdict::Unknown, d.text}, out);
    // What the program's own code does that Weft runs one way only (the runtime library's code is Weft's).
    auto inProgram = [&](program::SourceSpot spot) {
        return std::filesystem::path(program.sourceMap.fileName(spot.file)).filename() ==
               std::filesystem::path(file).filename();
    };
    for (const program::SourceSpot &spot : program.undefinedValueUses)
        if (inProgram(spot))
            return finish({Verdict::Unknown, "the program reads uninitialised variables (at " +
                                                 location(program, spot) + "), whose values were not explored"},
                          out);
    // What every worker's executions left unexplored (with several jobs, each has its own interpreter).
    auto total = [&](std::uint64_t (interpreter::Interpreter::*figure)() const) {
        std::uint64_t sum = 0;
        for (const auto &machine : explorer.machines())
            sum += ((*machine).*figure)();
        return sum;
    };
    if (total(&interpreter::Interpreter::waitsWithoutSpuriousWakeup) > 0)
        return finish({Verdict::Unknown, "a thread waited on a condition variable more than " +
                                             std::to_string(kSvcompSpuriousWakeups) +
                                             " times, not repeating its last wait (pthread_cond_wait may wake up "
                                             "spuriously any number of times; " +
                                             std::to_string(kSvcompSpuriousWakeups) + " explored per thread)"},
                      out);
    if (total(&interpreter::Interpreter::partialNondetCalls) > 0)
        return finish({Verdict::Unknown,
                       "the program reads __VERIFIER_nondet_* values of types wider than char, explored "
                       "over " +
                           std::to_string(options.nondetLo) + ".." + std::to_string(options.nondetHi) + " only"},
                      out);
    if (total(&interpreter::Interpreter::equalityNondetCalls) > 0) {
        // Inputs only compared for equality: a value none of the comparisons meets behaves like any
        // other, so the range covers them when it holds every value they met and one more.
        std::set<std::int64_t> met;
        for (const auto &machine : explorer.machines())
            met.insert(machine->inputComparedValues().begin(), machine->inputComparedValues().end());
        const auto outside = std::find_if(met.begin(), met.end(),
                                          [&](std::int64_t v) { return v < options.nondetLo || v > options.nondetHi; });
        if (outside != met.end() || met.size() >= std::uint64_t(options.nondetHi - options.nondetLo + 1))
            return finish(
                {Verdict::Unknown,
                 "the program compares __VERIFIER_nondet_* values of types wider than char for equality "
                 "with " +
                     (outside != met.end() ? std::to_string(*outside) + ", outside " : std::string("every value of ")) +
                     std::to_string(options.nondetLo) + ".." + std::to_string(options.nondetHi) +
                     ", the values explored"},
                out);
    }
    for (const auto &machine : explorer.machines())
        if (machine->partialUndefinedResults() > 0)
            return finish(
                {Verdict::Unknown, "the program calls functions it only declares (the last: " +
                                       program.unsupported[machine->lastPartialUndefinedCall()] +
                                       "), whose results, pointers or integers wider than char explored over " +
                                       std::to_string(options.nondetLo) + ".." + std::to_string(options.nondetHi) +
                                       ", were not all explored"},
                out);
    if (property == SvcompProperty::ValidMemsafety)
        return finish({Verdict::Unknown, "no invalid dereference or free, but memory leaks (valid-memtrack) are not checked"},
                      out);
    return finish({Verdict::True, {}}, out);
}

} // namespace weft::cli
