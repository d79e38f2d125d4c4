// SPDX-License-Identifier: MIT
// DistributedExplorer.hpp's entry points when CMake found no MPI: --distributed is refused with a message.
#include "engine/explorer/DistributedExplorer.hpp"

#include <cstdlib>

namespace weft {

bool mpiAvailable() { return false; }

bool launchedByMpirun() { return false; }

Expected<std::unique_ptr<MpiSession>> MpiSession::start() {
    return Unexpected(Diagnostic::error("this weft was built without MPI: --distributed is not available"));
}

MpiSession::~MpiSession() = default;

bool MpiSession::sameOnEveryRank(const std::string &) const { return true; }

void MpiSession::abort(const std::string &, int code) const { std::_Exit(code); }

DistributedExplorer::DistributedExplorer(Executor &executor, ExplorationOptions options, const MpiSession &session)
    : m_session(session), m_options(options), m_explorer(std::make_unique<Explorer>(executor, options)) {}

DistributedExplorer::~DistributedExplorer() = default;

ExplorationResult DistributedExplorer::run(std::stop_token) {
    ExplorationResult result;
    result.stopReason = StopReason::InternalError;
    result.diagnostics.push_back(Diagnostic::error("this weft was built without MPI"));
    return result;
}

} // namespace weft
