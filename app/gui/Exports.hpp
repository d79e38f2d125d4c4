// SPDX-License-Identifier: MIT
// File ▸ Export: a diagram (event structure, exploration tree) as SVG or PNG, a replayed trace as
// text (the results JSON is the core's: engine/debugger/ResultsJson). Free functions; GUI thread
// (they render scenes and read the replay).
#pragma once

#include <QString>

#include <string>

class QGraphicsScene;

namespace weft::debugger {
class Replay;
}

namespace weft::gui {

/// Renders `scene` to `path`: SVG if it ends in .svg, otherwise a PNG (2× scale, capped size).
bool exportScene(QGraphicsScene &scene, const QString &path);
/// The replayed interleaving as text: one line per event with thread, action, file:line and the
/// source line, then the end (defect or not) and the output.
std::string traceText(const debugger::Replay &replay);
/// Writes `text` to `path`; false if it cannot.
bool writeTextFile(const QString &path, const std::string &text);

} // namespace weft::gui
