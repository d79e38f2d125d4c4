// SPDX-License-Identifier: MIT
// Explores a lowered program with the interpreter. Under the sc model, the objects atomic sections touch
// are learnt by exploring: while an exploration meets a section touching an object its options did not
// key as the section location, it runs again with that object added (engine/unfolding/README.md, "Atomic sections").
#pragma once

#include "engine/execution/ScheduledExecutor.hpp"
#include "engine/explorer/Explorer.hpp"
#include "engine/interpreter/Interpreter.hpp"

#include <memory>
#include <stop_token>

namespace weft::cli {

class ProgramExploration {
public:
    /// `program` must outlive this object.
    ProgramExploration(const program::Program &program, interpreter::InterpreterOptions interpreterOptions,
                       ExplorationOptions options);

    void setObserver(ExplorationObserver *observer) { m_observer = observer; }
    /// The last round's result; the timeout and the execution bound cover all rounds together.
    ExplorationResult run(std::stop_token stop = {});

    /// The last round's event structure.
    const Unfolding &unfolding() const { return m_explorer->unfolding(); }
    /// The options of the last round (with the section objects found: replays need no more).
    const interpreter::InterpreterOptions &interpreterOptions() const { return m_interpreterOptions; }
    /// The last round's interpreter.
    const interpreter::Interpreter &machine() const { return *m_machine; }
    /// How many explorations run() needed (1 without atomic sections under sc).
    unsigned rounds() const { return m_rounds; }

private:
    const program::Program &m_program;
    interpreter::InterpreterOptions m_interpreterOptions;
    ExplorationOptions m_options;
    ExplorationObserver *m_observer = nullptr;
    std::unique_ptr<interpreter::Interpreter> m_machine;
    std::unique_ptr<ScheduledExecutor> m_executor;
    std::unique_ptr<Explorer> m_explorer;
    unsigned m_rounds = 0;
};

} // namespace weft::cli
