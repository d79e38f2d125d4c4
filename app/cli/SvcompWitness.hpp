// SPDX-License-Identifier: MIT
// SV-COMP violation witnesses in the GraphML format (witness format 1.0, which the validators of
// CPAchecker, Ultimate Automizer and others accept for concurrent programs): a path of edges from the
// entry node to the violation node, one per visible step of the counterexample, with the source line,
// the thread (numbered 0 = main, then in creation order) and createThread on a pthread_create; the
// value an input step chose as an assumption on its __VERIFIER_nondet_* call (`\result == 7;`).
#pragma once

#include "engine/debugger/TracedExecution.hpp"

#include <string>
#include <vector>

namespace weft::cli {

struct WitnessInfo {
    std::string programFile;   ///< as given to the verifier
    std::string programHash;   ///< SHA-256 of the file's bytes, hex
    std::string specification; ///< the property, as in its .prp file ("CHECK( init(main()), LTL(...) )")
    std::string architecture;  ///< "32bit" (ILP32) or "64bit" (LP64)
    std::string creationTime;  ///< ISO 8601, UTC
};

/// The GraphML text of the violation witness for the counterexample `trace` of `program`.
/// `resultFunctions`: per step of the trace, the __VERIFIER_nondet_* function whose value the step
/// chose, "" for the other steps (and for choices no such call in the source makes: a spurious
/// wake-up, an uninitialised local), which carry no assumption.
std::string violationWitness(const WitnessInfo &info, const debugger::TracedExecution &trace,
                             const std::vector<std::string> &resultFunctions = {});

} // namespace weft::cli
