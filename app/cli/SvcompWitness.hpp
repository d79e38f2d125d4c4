// SPDX-License-Identifier: MIT
// SV-COMP violation witnesses in the GraphML format (witness format 1.0, which the validators of
// CPAchecker, Ultimate Automizer and others accept for concurrent programs): a path of edges from the
// entry node to the violation node, one per visible step of the counterexample, with the source line,
// the thread (numbered 0 = main, then in creation order) and createThread on a pthread_create.
#pragma once

#include "engine/debugger/TracedExecution.hpp"

#include <string>

namespace weft::cli {

struct WitnessInfo {
    std::string programFile;   ///< as given to the verifier
    std::string programHash;   ///< SHA-256 of the file's bytes, hex
    std::string specification; ///< the property, as in its .prp file ("CHECK( init(main()), LTL(...) )")
    std::string architecture;  ///< "32bit" (ILP32) or "64bit" (LP64)
    std::string creationTime;  ///< ISO 8601, UTC
};

/// The GraphML text of the violation witness for the counterexample `trace` of `program`.
std::string violationWitness(const WitnessInfo &info, const debugger::TracedExecution &trace);

} // namespace weft::cli
