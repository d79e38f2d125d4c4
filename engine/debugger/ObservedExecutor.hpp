// SPDX-License-Identifier: MIT
// A live exploration's executor: an Interpreter under a ScheduledExecutor that also remembers, for the
// last execution, which thread did each action and where in the source it stood, and where a fault was
// raised, so clients can show events and defects with file:line, and each memory object's name as the
// program stood when an action first touched it (a heap block through the local pointer then holding
// it). Lives on the exploration worker.
#pragma once

#include "engine/execution/Executor.hpp"
#include "engine/execution/ScheduledExecutor.hpp"
#include "engine/interpreter/Interpreter.hpp"

#include <unordered_map>
#include <vector>

namespace weft::debugger {

class ObservedExecutor final : public Executor {
public:
    /// `program` must outlive the executor.
    ObservedExecutor(const program::Program &program, interpreter::InterpreterOptions options = {});

    Execution run(const Schedule &schedule) override;
    ThreadNaming &naming() override { return m_executor.naming(); }
    void setInterrupt(Interrupt *interrupt) override { m_executor.setInterrupt(interrupt); }
    std::string describeObject(ObjectId object) const override { return m_executor.describeObject(object); }

    /// Where the thread stood before the action at `position` of the last execution (line 0: unknown).
    program::SourceSpot spotAt(std::size_t position) const {
        return position < m_spots.size() ? m_spots[position] : program::SourceSpot{};
    }
    /// The threads of the last execution's actions, in order (a schedule that replays it).
    const std::vector<ThreadId> &threads() const { return m_threads; }
    /// The last execution's fault (a defect, deadlock, ...), if any.
    const std::optional<ProgramFault> &fault() const { return m_fault; }
    /// Where the last execution's fault was raised (line 0 if none or unknown).
    program::SourceSpot faultSpot() const { return m_faultSpot; }
    /// Where each thread left blocked by the last execution waits (Execution::blocked's order).
    const std::vector<program::SourceSpot> &blockedSpots() const { return m_blockedSpots; }
    const interpreter::Interpreter &machine() const { return m_machine; }
    /// The name of `object` when an action of any execution so far first touched it ("" if none did).
    const std::string &firstName(ObjectId object) const {
        static const std::string none;
        const auto it = m_firstNames.find(object);
        return it == m_firstNames.end() ? none : it->second;
    }

private:
    interpreter::Interpreter m_machine;
    ScheduledExecutor m_executor;
    std::vector<program::SourceSpot> m_spots;
    std::vector<ThreadId> m_threads;
    std::optional<ProgramFault> m_fault;
    program::SourceSpot m_faultSpot;
    std::vector<program::SourceSpot> m_blockedSpots;
    std::unordered_map<ObjectId, std::string> m_firstNames;
};

} // namespace weft::debugger
