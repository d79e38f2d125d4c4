// SPDX-License-Identifier: MIT
// One call to explore a model program (machine + scheduler + explorer), for tests and benchmarks.
#pragma once

#include "engine/execution/ScheduledExecutor.hpp"
#include "engine/explorer/Explorer.hpp"
#include "engine/explorer/ParallelExplorer.hpp"
#include "tests/model/ModelMachine.hpp"

#include <functional>
#include <memory>
#include <vector>

namespace weft::model {

inline ExplorationResult exploreModel(ModelProgram &program, ExplorationOptions options,
                                      ExplorationObserver *observer = nullptr) {
    ModelMachine machine(program);
    ScheduledExecutor executor(machine);
    Explorer explorer(executor, options);
    explorer.setObserver(observer);
    return explorer.run();
}

/// The same with `options.jobs` workers, each with its own instance of the program (`make` builds one:
/// a model program's variables are its state).
inline ExplorationResult exploreModelInParallel(const std::function<std::unique_ptr<ModelProgram>()> &make,
                                                ExplorationOptions options,
                                                ParallelExplorer::Figures *figures = nullptr) {
    struct Parts {
        std::unique_ptr<ModelProgram> program;
        std::unique_ptr<ModelMachine> machine;
        std::unique_ptr<ScheduledExecutor> executor;
    };
    std::vector<Parts> parts;
    ParallelExplorer explorer(
        [&](unsigned) {
            Parts p;
            p.program = make();
            p.machine = std::make_unique<ModelMachine>(*p.program);
            p.executor = std::make_unique<ScheduledExecutor>(*p.machine);
            parts.push_back(std::move(p));
            return ParallelExplorer::Worker{parts.back().executor.get(), nullptr};
        },
        options);
    ExplorationResult result = explorer.run();
    if (figures)
        *figures = explorer.figures();
    return result;
}

} // namespace weft::model
