// SPDX-License-Identifier: MIT
// The catalogue of model programs: the oracle programs of spec/qpor.md §6.3 and §7 written as
// coroutines. Each factory returns a fresh program; parameters as in the spec.
#pragma once

#include "tests/model/ModelProgram.hpp"

#include <memory>

namespace weft::model {

/// Fig. 2 of the QPOR paper (§7.1): 3 maximal configurations, 25 events.
std::unique_ptr<ModelProgram> makeFig2();
/// blocked2 (§7.6): two threads lock one mutex and exit holding it: 2 configurations, 10 events.
std::unique_ptr<ModelProgram> makeBlocked2();
/// blocked3 (§7.6): three threads `lock m1; unlock m1; lock m2`, exit holding m2: 18, 68.
std::unique_ptr<ModelProgram> makeBlocked3();

} // namespace weft::model
