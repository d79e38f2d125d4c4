// SPDX-License-Identifier: MIT
// A model program explored to completion that keeps its machine, executor and explorer alive, so
// tests can inspect the unfolding and thread names afterwards (exploreModel only returns the
// result). Not copyable or movable (the parts refer to each other); single-threaded.
#pragma once

#include "engine/execution/ScheduledExecutor.hpp"
#include "engine/explorer/Explorer.hpp"
#include "tests/model/ModelMachine.hpp"

#include <memory>

namespace weft::model {

class ExploredModel {
public:
    ExploredModel(std::unique_ptr<ModelProgram> program, ExplorationOptions options)
        : m_program(std::move(program)), m_machine(*m_program), m_executor(m_machine),
          m_explorer(m_executor, options), m_result(m_explorer.run()) {}
    ExploredModel(const ExploredModel &) = delete;
    ExploredModel &operator=(const ExploredModel &) = delete;

    const ModelProgram &program() const { return *m_program; }
    const ExplorationResult &result() const { return m_result; }
    const Unfolding &unfolding() const { return m_explorer.unfolding(); }
    /// The exploration's thread names: childOf(creator, ordinal) gives a thread's id.
    ThreadNaming &naming() { return m_executor.naming(); }

private:
    std::unique_ptr<ModelProgram> m_program;
    ModelMachine m_machine;
    ScheduledExecutor m_executor;
    Explorer m_explorer;
    ExplorationResult m_result;
};

} // namespace weft::model
