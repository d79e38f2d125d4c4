// SPDX-License-Identifier: MIT
#include "app/session/ExplorationSession.hpp"

#include "app/session/ObservedExecutor.hpp"
#include "app/session/SnapshotBuilder.hpp"
#include "engine/explorer/Explorer.hpp"

#include <QEventLoop>

#include <exception>
#include <optional>

namespace weft::session {

ExplorationSession::ExplorationSession(QObject *parent) : QObject(parent) {
    qRegisterMetaType<SnapshotPtr>();
}

ExplorationSession::~ExplorationSession() { stopWorker(); }

void ExplorationSession::stopWorker() {
    if (!m_worker.joinable())
        return;
    m_worker.request_stop();
    m_worker.join();
}

void ExplorationSession::setState(State state) {
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

bool ExplorationSession::load(const QString &file, const std::vector<std::string> &defines,
                              const std::vector<std::string> &includeDirs) {
    // A running exploration ends (cancelled, keeping what it found); its last snapshot is still delivered
    // while compiling, as this run's, so it stays browsable if the new file does not compile.
    stopWorker();
    // Compile on a worker thread; the GUI thread keeps painting and running timers meanwhile (user
    // input waits, so nothing can re-enter the session before the program is there).
    std::optional<Expected<cli::LoadedProgram>> result;
    {
        QEventLoop loop;
        std::jthread compiler([&, path = file.toStdString()] {
            result.emplace(cli::loadProgram(path, defines, includeDirs));
            QMetaObject::invokeMethod(&loop, &QEventLoop::quit, Qt::QueuedConnection);
        });
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    }
    Expected<cli::LoadedProgram> &loaded = *result;
    if (!loaded) {
        // The program loaded before, and what was explored of it, stay: a failed compile replaces nothing.
        m_diagnostics = loaded.error();
        Q_EMIT loadFailed();
        return false;
    }
    ++m_run; // drop deliveries of the previous run still in the event queue
    m_fileName = file;
    m_snapshot.reset();
    m_diagnostics = loaded->warnings;
    m_program = std::make_shared<const cli::LoadedProgram>(std::move(*loaded));
    setState(State::Ready);
    Q_EMIT programLoaded();
    return true;
}

bool ExplorationSession::start() {
    if (!m_program || isExploring())
        return false;
    stopWorker(); // the previous run has finished; reap its thread
    const std::uint64_t run = ++m_run;
    m_gate.resume();
    {
        std::lock_guard lock(m_pendingMutex);
        m_pending.reset();
    }
    setState(State::Running);
    m_worker = std::jthread([this, run, program = m_program, options = m_options,
                             interpreterOptions = m_interpreterOptions](std::stop_token stop) {
        auto publish = [this](SnapshotPtr s) { post(std::move(s)); };
        try {
            ObservedExecutor executor(program->program, interpreterOptions);
            Explorer explorer(executor, options);
            SnapshotBuilder builder(run, explorer.unfolding(), executor, program->program, m_gate, stop, publish);
            explorer.setObserver(&builder);
            builder.start();
            const ExplorationResult result = explorer.run(stop);
            explorer.setObserver(nullptr);
            builder.finish(result);
        } catch (const std::exception &e) {
            // Weft's own failure: report it as the run's end instead of taking the GUI down.
            auto last = std::make_shared<ExplorationSnapshot>();
            last->run = run;
            last->phase = ExplorationPhase::Finished;
            last->stopReason = StopReason::Cancelled;
            last->diagnostics.push_back(Diagnostic::error(std::string("internal error: ") + e.what()));
            post(std::move(last));
        }
    });
    return true;
}

void ExplorationSession::pause() {
    if (m_state != State::Running)
        return;
    m_gate.pause();
    setState(State::Paused);
}

void ExplorationSession::resume() {
    if (m_state != State::Paused)
        return;
    m_gate.resume();
    setState(State::Running);
}

void ExplorationSession::cancel() {
    if (!isExploring())
        return;
    m_worker.request_stop(); // also opens the pause gate
}

void ExplorationSession::post(SnapshotPtr snapshot) {
    // Worker thread. Keep only the newest snapshot and queue one delivery for it.
    bool queue = false;
    {
        std::lock_guard lock(m_pendingMutex);
        m_pending = std::move(snapshot);
        queue = !m_deliveryQueued;
        m_deliveryQueued = true;
    }
    if (queue)
        QMetaObject::invokeMethod(this, &ExplorationSession::deliver, Qt::QueuedConnection);
}

void ExplorationSession::deliver() {
    SnapshotPtr snapshot;
    {
        std::lock_guard lock(m_pendingMutex);
        snapshot = std::move(m_pending);
        m_deliveryQueued = false;
    }
    if (!snapshot || snapshot->run != m_run)
        return;
    m_snapshot = snapshot;
    Q_EMIT snapshotPublished(snapshot);
    if (snapshot->isFinished()) {
        // The worker is returning (freeing the unfolding); it is joined by the next start or load.
        setState(State::Finished);
        Q_EMIT finished();
    }
}

} // namespace weft::session
