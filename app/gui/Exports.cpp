// SPDX-License-Identifier: MIT
#include "app/gui/Exports.hpp"

#include "engine/debugger/SourceText.hpp"
#include "engine/debugger/TracedExecution.hpp"
#include "engine/debugger/Replay.hpp"

#include <QFile>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

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

std::string traceText(const debugger::Replay &replay) {
    const program::SourceMap &map = replay.program().sourceMap;
    debugger::SourceText source;
    std::string out;
    const auto &steps = replay.trace().steps;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const debugger::TraceStep &s = steps[i];
        const std::string where = map.format(s.spot);
        out += std::to_string(i + 1) + ". T" + std::to_string(s.action.thread) + " " + debugger::describeStep(s);
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
