// SPDX-License-Identifier: MIT
// File ▸ Export: a diagram (event structure, exploration tree) as SVG or PNG, the results as the
// CLI's JSON (engine/results JsonExport plus each defect's source-level trace), a replayed trace as
// text. Free functions; GUI thread (they render scenes and read the replay).
#pragma once

#include "engine/explorer/ExplorationOptions.hpp"
#include "engine/program/Program.hpp"
#include "engine/results/ExplorationSnapshot.hpp"

#include <QString>

class QGraphicsScene;

namespace weft::session {
class Replay;
}

namespace weft::gui {

/// Renders `scene` to `path`: SVG if it ends in .svg, otherwise a PNG (2× scale, capped size).
bool exportScene(QGraphicsScene &scene, const QString &path);
/// The CLI's --json document for the snapshot's results (defects traced by re-running their schedules).
std::string resultsJson(const ExplorationSnapshot &snapshot, const program::Program &program,
                        const std::string &file, const ExplorationOptions &options);
/// The replayed interleaving as text: one line per event with thread, action, file:line and the
/// source line, then the end (defect or not) and the output.
std::string traceText(const session::Replay &replay);
/// Writes `text` to `path`; false if it cannot.
bool writeTextFile(const QString &path, const std::string &text);

} // namespace weft::gui
