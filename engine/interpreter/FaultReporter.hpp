// SPDX-License-Identifier: MIT
// The defects the interpreted program's local code raises: the fault that ends the thread's run, with
// its source location, and the readable names of the objects and addresses messages mention.
#pragma once

#include "engine/execution/Machine.hpp"
#include "engine/interpreter/Continuation.hpp"
#include "engine/interpreter/InterpreterOptions.hpp"
#include "engine/interpreter/InterpreterState.hpp"
#include "engine/program/Program.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace weft::interpreter {

class FaultReporter {
public:
    FaultReporter(const program::Program &program, const InterpreterOptions &options)
        : m_program(program), m_options(options) {}

    const std::optional<ProgramFault> &fault() const { return m_fault; }
    program::SourceSpot faultSpot() const { return m_faultSpot; }
    void clearFault() { m_fault.reset(); }

    /// Raises a fault of `kind` at `t`'s current instruction; the message gets the location prefix.
    void raise(const ThreadState &t, DefectKind kind, const std::string &text, bool performed = true);
    /// Raises a fault of `kind` at instruction `pc` of `function` (a frame that is gone already).
    void raiseAt(ThreadId thread, std::uint32_t function, std::uint32_t pc, DefectKind kind, const std::string &text);
    /// Sets the fault as is (a data race, whose location and identity its checker builds).
    void set(ProgramFault fault, program::SourceSpot spot);
    /// Takes the fault raised last (a non-fatal report goes on without it).
    ProgramFault take();
    /// A defect the run goes on after (a data race in report mode, an uninitialised read).
    void report(ProgramFault fault) { m_reports.push_back(std::move(fault)); }
    /// Turns the fault raised last into a report, with its location (the run ends elsewhere) and, if
    /// given, the identity that makes it one defect with others (ProgramFault::identity).
    void reportRaised(std::string identity = {});
    /// The reports since the last call; taken by the caller.
    std::vector<ProgramFault> takeReports() { return std::exchange(m_reports, {}); }
    /// Raises the defect a memory fault of `t` is; always Continuation::Fault.
    Continuation memoryFault(const ThreadState &t, const MemoryFault &fault);

    /// The message of a memory fault, with the names of the objects involved.
    std::string describe(const MemoryFault &fault) const;
    /// "a 16-byte local variable 'buf' declared at f.c:3", "a 40-byte heap block allocated at f.c:9:5", ...
    std::string nameObject(ObjectKind kind, std::uint32_t size, std::uint64_t site) const;
    /// A readable name for an address: "'m'", "'forks[1]'", "'q->lock'" (a heap block a global pointer
    /// holds), "heap block allocated at f.c:12:7", ... (Interpreter::describeAddress).
    std::string describeAddress(const InterpreterState &state, std::uint64_t address, bool asPointer = false) const;
    /// "'flag' = 0, 'turn' = 1": the shared reads of a spin iteration, each location once.
    std::string describeReads(const InterpreterState &state, const std::vector<SpinRead> &reads) const;

private:
    /// The local variable a stack object allocated at `site` holds, if the source map names one.
    const program::Variable *localVariable(std::uint64_t site) const;
    /// Whether the memory at `address` is (part of) a global or local variable whose type puts a
    /// pointer there (the debug info says so).
    bool holdsPointer(const InterpreterState &state, std::uint64_t address) const;
    /// The C expression of byte `offset` of heap block `block` through a pointer that holds the block's
    /// start ("q->lock", "p[2].m", "*m"): a global's part, else a live local variable's; "" when none does.
    std::string heapPath(const InterpreterState &state, std::uint64_t block, std::uint64_t offset,
                         bool asPointer) const;

    const program::Program &m_program;
    const InterpreterOptions &m_options;
    std::optional<ProgramFault> m_fault;
    program::SourceSpot m_faultSpot;
    std::vector<ProgramFault> m_reports;
};

} // namespace weft::interpreter
