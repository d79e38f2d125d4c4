// SPDX-License-Identifier: MIT
// Under the sc model, the objects atomic sections touch are learnt by exploring (engine/unfolding/README.md,
// "Atomic sections"): a round explores with the objects known so far keyed as the section location; a round
// whose execution meets a section touching another object ends after that execution, and the next round
// starts with the object added. The round that meets none is the exploration. Every client uses it (CLI,
// desktop app, DAP), so all of them explore the same way.
#pragma once

#include "engine/explorer/ExplorationObserver.hpp"
#include "engine/explorer/ExplorationOptions.hpp"
#include "engine/interpreter/Interpreter.hpp"
#include "engine/results/ExplorationResult.hpp"

#include <atomic>
#include <deque>
#include <functional>
#include <stop_token>

namespace weft::debugger {

class SectionRounds {
public:
    /// One round: what it explores with, and the observer that ends it early.
    class Round final : public ExplorationObserver {
    public:
        /// Counting from 1.
        unsigned number() const { return m_number; }
        const interpreter::InterpreterOptions &interpreterOptions() const { return m_interpreter; }
        /// The bounds left to this round (the timeout and the execution bound cover all rounds together).
        const ExplorationOptions &explorationOptions() const { return m_exploration; }
        /// The caller's stop, or this round's end: give it to the explorer.
        std::stop_token stopToken() const { return m_stop.get_token(); }
        /// Call before exploring: the observer to give the explorer. It forwards everything to `inner` (may
        /// be null) and ends the round after an execution of `machine` that met a section object not keyed.
        ExplorationObserver *watch(const interpreter::Interpreter &machine, ExplorationObserver *inner);
        /// The same for one worker of a parallel exploration (one call per worker's machine, before it
        /// starts): the observer it returns runs on that worker's thread; `inner` must be thread-safe.
        ExplorationObserver *watchWorker(const interpreter::Interpreter &machine, ExplorationObserver *inner);

        void onNewEvent(EventId e) override;
        void onDefect(const Defect &defect, std::uint64_t distinct) override;
        void onExecution(const ExecutionSummary &summary) override;
        void onPaused() override;
        void onResumed() override;

    private:
        friend class SectionRounds;
        Round(unsigned number, const interpreter::InterpreterOptions &interpreter,
              const ExplorationOptions &exploration)
            : m_number(number), m_interpreter(interpreter), m_exploration(exploration) {}
        bool metNewObject() const;
        static bool metNewObject(const interpreter::Interpreter &machine, const interpreter::InterpreterOptions &o);
        void endRound();
        /// Forwards to the inner observer and ends the round after an execution of its own machine.
        class Worker final : public ExplorationObserver {
        public:
            Worker(Round &round, const interpreter::Interpreter &machine, ExplorationObserver *inner)
                : m_round(round), m_machine(machine), m_inner(inner) {}
            void onNewEvent(EventId e) override;
            void onDefect(const Defect &defect, std::uint64_t distinct) override;
            void onExecution(const ExecutionSummary &summary) override;
            void onPaused() override;
            void onResumed() override;

        private:
            Round &m_round;
            const interpreter::Interpreter &m_machine;
            ExplorationObserver *m_inner;
        };

        unsigned m_number;
        const interpreter::InterpreterOptions &m_interpreter;
        const ExplorationOptions &m_exploration;
        std::stop_source m_stop;
        std::vector<const interpreter::Interpreter *> m_machines;
        std::deque<Worker> m_workers;
        ExplorationObserver *m_inner = nullptr;
        std::atomic<bool> m_ended = false; ///< this round stopped itself
    };
    /// Explores one round (builds a machine with the round's options, calls watch(), runs an explorer).
    using Explore = std::function<ExplorationResult(Round &)>;

    SectionRounds(interpreter::InterpreterOptions interpreterOptions, ExplorationOptions options);

    /// Runs rounds until one meets no new section object (or stops for another reason: a bound, a
    /// defect that stops the exploration, `stop`). Returns the last round's result.
    ExplorationResult run(const Explore &explore, std::stop_token stop = {});
    /// The options of the last round (with the section objects found: replays need no more).
    const interpreter::InterpreterOptions &interpreterOptions() const { return m_interpreter; }
    /// How many rounds run() needed (1 without atomic sections, or under sync).
    unsigned rounds() const { return m_rounds; }

private:
    interpreter::InterpreterOptions m_interpreter;
    ExplorationOptions m_exploration;
    unsigned m_rounds = 0;
};

} // namespace weft::debugger
