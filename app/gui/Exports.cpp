// SPDX-License-Identifier: MIT
#include "app/gui/Exports.hpp"

#include "app/cli/SourceText.hpp"
#include "app/cli/TracedExecution.hpp"
#include "app/session/Replay.hpp"
#include "engine/results/JsonExport.hpp"

#include <QFile>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

#include <nlohmann/json.hpp>

namespace weft::gui {

bool exportScene(QGraphicsScene &scene, const QString &path) {
    const QRectF source = scene.itemsBoundingRect().adjusted(-10, -10, 10, 10);
    if (source.isEmpty())
        return false;
    if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(source.size().toSize());
        svg.setViewBox(QRectF(QPointF(0, 0), source.size()));
        svg.setTitle(QStringLiteral("Weft"));
        QPainter painter;
        if (!painter.begin(&svg))
            return false;
        scene.render(&painter, QRectF(QPointF(0, 0), source.size()), source);
        return painter.end();
    }
    const qreal scale = std::min<qreal>(2.0, 8000.0 / std::max(source.width(), source.height()));
    QImage image((source.size() * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    scene.render(&painter, QRectF(QPointF(0, 0), source.size() * scale), source);
    painter.end();
    return image.save(path, "PNG");
}

std::string resultsJson(const ExplorationSnapshot &snapshot, const program::Program &program,
                        const std::string &file, const ExplorationOptions &options) {
    ExplorationResult result;
    result.stopReason = snapshot.stopReason;
    result.statistics = snapshot.statistics;
    result.diagnostics = snapshot.diagnostics;
    std::vector<cli::TracedExecution> traces;
    if (snapshot.defects)
        for (const DefectRecord &d : *snapshot.defects) {
            Defect defect;
            defect.kind = d.kind;
            defect.thread = d.thread;
            defect.message = d.message;
            if (auto s = Schedule::parse(d.schedule))
                defect.schedule = *s;
            defect.execution = d.execution;
            defect.occurrences = d.occurrences;
            traces.push_back(cli::traceSchedule(program, {}, defect.schedule));
            defect.trace = traces.back().execution.actions;
            result.defects.push_back(std::move(defect));
        }
    // As the CLI's --json: the engine's export plus each defect's steps with their source lines.
    nlohmann::json j = nlohmann::json::parse(toJson(result, {file, "sync", options.policy.name()}));
    cli::SourceText source;
    for (std::size_t i = 0; i < traces.size() && i < j["defects"].size(); ++i) {
        nlohmann::json steps = nlohmann::json::array();
        for (const cli::TraceStep &s : traces[i].steps) {
            const std::string name = s.spot.line ? program.sourceMap.fileName(s.spot.file) : std::string();
            steps.push_back({{"thread", s.action.thread},
                             {"action", std::string(actionKindName(s.action.kind))},
                             {"object", s.object},
                             {"file", name},
                             {"line", s.spot.line},
                             {"column", s.spot.column},
                             {"source", s.spot.line ? source.line(name, s.spot.line) : std::string()}});
        }
        j["defects"][i]["steps"] = std::move(steps);
        if (traces[i].faultSpot.line)
            j["defects"][i]["location"] = program.sourceMap.format(traces[i].faultSpot);
        j["defects"][i]["output"] = traces[i].output;
    }
    return j.dump(2) + "\n";
}

std::string traceText(const session::Replay &replay) {
    const program::SourceMap &map = replay.program().sourceMap;
    cli::SourceText source;
    std::string out;
    const auto &steps = replay.trace().steps;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const cli::TraceStep &s = steps[i];
        const std::string where = map.format(s.spot);
        out += std::to_string(i + 1) + ". T" + std::to_string(s.action.thread) + " " + cli::describeStep(s);
        if (!where.empty())
            out += "  " + where + "  " + source.line(map.fileName(s.spot.file), s.spot.line);
        out += "\n";
    }
    const std::string end = replay.endMessage();
    out += end.empty() ? std::string("end: every thread finished\n") : "end: " + end + "\n";
    const std::string &output = replay.trace().output;
    if (!output.empty())
        out += "output:\n" + output + (output.back() == '\n' ? "" : "\n");
    return out;
}

bool writeTextFile(const QString &path, const std::string &text) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return file.write(text.data(), qint64(text.size())) == qint64(text.size());
}

} // namespace weft::gui
