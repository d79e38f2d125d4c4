// SPDX-License-Identifier: MIT
// One call to explore a model program (machine + scheduler + explorer), for tests and benchmarks.
#pragma once

#include "engine/execution/ScheduledExecutor.hpp"
#include "engine/explorer/Explorer.hpp"
#include "tests/model/ModelMachine.hpp"

namespace weft::model {

inline ExplorationResult exploreModel(ModelProgram &program, ExplorationOptions options,
                                      ExplorationObserver *observer = nullptr) {
    ModelMachine machine(program);
    ScheduledExecutor executor(machine);
    Explorer explorer(executor, options);
    explorer.setObserver(observer);
    return explorer.run();
}

} // namespace weft::model
