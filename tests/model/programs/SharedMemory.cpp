// SPDX-License-Identifier: MIT
// Programs of the sc memory model (issue 5): racy shared-memory reads and writes as events, with
// read-read independence: lost update, one writer and N readers, N writers of distinct variables,
// Fig. 1 of the QPOR paper in its original form, last zero, and Peterson's and Dekker's mutual exclusion.
#include "tests/model/Programs.hpp"

#include <vector>

namespace weft::model {
namespace {

std::int64_t asValue(std::uint64_t v) { return static_cast<std::int64_t>(v); }

/// Two threads each do x = x + 1 (a read, then a write); main joins both and asserts x == 2.
class LostUpdate final : public ModelProgram {
public:
    std::string name() const override { return "lost-update"; }
    ModelTask main(ModelThread &self) override {
        const auto a = ThreadId(co_await self.create([](ModelThread &t) { return increment(t); }));
        const auto b = ThreadId(co_await self.create([](ModelThread &t) { return increment(t); }));
        co_await self.join(a);
        co_await self.join(b);
        const std::int64_t x = asValue(co_await self.read(kX));
        co_await self.check(x == 2, "x == 2");
    }

private:
    enum { kX = 1 };
    static ModelTask increment(ModelThread &self) {
        const std::int64_t x = asValue(co_await self.read(kX));
        co_await self.write(kX, x + 1);
    }
};

/// One thread writes x; N threads read it.
class WriterReaders final : public ModelProgram {
public:
    explicit WriterReaders(int readers) : m_readers(readers) {}
    std::string name() const override { return "writer-readers(" + std::to_string(m_readers) + ")"; }
    ModelTask main(ModelThread &self) override {
        co_await self.create([](ModelThread &t) { return writer(t); });
        for (int i = 0; i < m_readers; ++i)
            co_await self.create([](ModelThread &t) { return reader(t); });
    }

private:
    static ModelTask writer(ModelThread &self) { co_await self.write(1, 1); }
    static ModelTask reader(ModelThread &self) { co_await self.read(1); }
    int m_readers;
};

/// N threads, thread i writes x_i.
class DistinctWriters final : public ModelProgram {
public:
    explicit DistinctWriters(int writers) : m_writers(writers) {}
    std::string name() const override { return "distinct-writers(" + std::to_string(m_writers) + ")"; }
    ModelTask main(ModelThread &self) override {
        for (int i = 0; i < m_writers; ++i)
            co_await self.create([i](ModelThread &t) { return writer(t, i); });
    }

private:
    static ModelTask writer(ModelThread &self, int i) { co_await self.write(1 + i, 7 + i); }
    int m_writers;
};

/// Fig. 1 (a) of the QPOR paper: writers w_j do x_j = 7 + j; `count` increments the zero-initialised
/// counter c n-1 times; master (main, after creating them) does i = c; x_i = 0. No mutexes.
class Fig1 final : public ModelProgram {
public:
    explicit Fig1(int writers) : m_writers(writers) {}
    std::string name() const override { return "fig1(" + std::to_string(m_writers) + ")"; }
    ModelTask main(ModelThread &self) override {
        for (int j = 0; j < m_writers; ++j)
            co_await self.create([j](ModelThread &t) { return writer(t, j); });
        co_await self.create([this](ModelThread &t) { return count(t); });
        const std::int64_t i = asValue(co_await self.read(kC));
        co_await self.write(kX + static_cast<int>(i), 0);
    }

private:
    enum { kC = 1, kX = 100 };
    static ModelTask writer(ModelThread &self, int j) { co_await self.write(kX + j, 7 + j); }
    ModelTask count(ModelThread &self) {
        for (int k = 1; k < m_writers; ++k) {
            const std::int64_t c = asValue(co_await self.read(kC));
            co_await self.write(kC, c + 1);
        }
    }
    int m_writers;
};

/// Main initialises an array of `cells` variables, then T1 writes them in ascending order while T2
/// reads them in descending order: T2 sees a suffix of T1's writes, n + 1 configurations. Touches
/// many locations (exercises shared memory-cut bases).
class ArraySweep final : public ModelProgram {
public:
    explicit ArraySweep(int cells) : m_cells(cells) {}
    std::string name() const override { return "array-sweep(" + std::to_string(m_cells) + ")"; }
    ModelTask main(ModelThread &self) override {
        for (int c = 0; c < m_cells; ++c)
            co_await self.write(kA + c, 0);
        co_await self.create([this](ModelThread &t) { return writer(t); });
        co_await self.create([this](ModelThread &t) { return reader(t); });
    }

private:
    enum { kA = 1000 };
    ModelTask writer(ModelThread &self) {
        for (int c = 0; c < m_cells; ++c)
            co_await self.write(kA + c, 1);
    }
    ModelTask reader(ModelThread &self) {
        for (int c = m_cells - 1; c >= 0; --c)
            co_await self.read(kA + c);
    }
    int m_cells;
};

/// Last zero (Abdulla et al.'s benchmark for optimal DPOR): cells 0..n start at 0; writer j (1..n) sets
/// cell j to cell j - 1 plus one, while a reader scans from cell n down to the first cell holding 0.
/// Each cell's writes and the reads of its initial value pile up under one write-tree node with
/// every history of the others (the access sibling index).
class LastZero final : public ModelProgram {
public:
    explicit LastZero(int writers) : m_writers(writers) {}
    std::string name() const override { return "last-zero(" + std::to_string(m_writers) + ")"; }
    ModelTask main(ModelThread &self) override {
        co_await self.create([this](ModelThread &t) { return reader(t); });
        for (int j = 1; j <= m_writers; ++j)
            co_await self.create([j](ModelThread &t) { return writer(t, j); });
    }

private:
    enum { kCell = 2000 };
    ModelTask reader(ModelThread &self) {
        for (int i = m_writers; asValue(co_await self.read(kCell + i)) != 0; --i) {
        }
    }
    static ModelTask writer(ModelThread &self, int j) {
        const std::int64_t before = asValue(co_await self.read(kCell + j - 1));
        co_await self.write(kCell + j, before + 1);
    }
    int m_writers;
};

/// Two threads guard a critical section with Peterson's, Dekker's or a broken protocol; busy waits
/// give up after `spins` tries (the thread then skips the section), so executions stay finite. In the
/// section a thread reads `inside`, records a violation if it is not 0, sets it, and clears it
/// again; main joins both and asserts there was no violation (a fault ending an execution early
/// would cut configurations short, which the brute-force comparison does not model).
class MutualExclusion final : public ModelProgram {
public:
    enum class Protocol { Peterson, Dekker, Broken };
    MutualExclusion(Protocol protocol, int spins) : m_protocol(protocol), m_spins(spins) {}
    std::string name() const override {
        const char *names[] = {"peterson", "dekker", "broken-flags"};
        return std::string(names[int(m_protocol)]) + "(" + std::to_string(m_spins) + ")";
    }
    ModelTask main(ModelThread &self) override {
        const auto a = ThreadId(co_await self.create([this](ModelThread &t) { return worker(t, 0); }));
        const auto b = ThreadId(co_await self.create([this](ModelThread &t) { return worker(t, 1); }));
        co_await self.join(a);
        co_await self.join(b);
        const std::int64_t violations = asValue(co_await self.read(kViolation));
        co_await self.check(violations == 0, "mutual exclusion");
    }

private:
    enum { kFlag = 1, kTurn = 3, kInside = 4, kViolation = 5 };
    ModelTask worker(ModelThread &self, int me) {
        const int other = 1 - me;
        bool entered = false;
        int spins = m_spins;
        if (m_protocol == Protocol::Peterson) {
            co_await self.write(kFlag + me, 1);
            co_await self.write(kTurn, other);
            while (true) {
                const std::int64_t flag = asValue(co_await self.read(kFlag + other));
                if (flag == 0) {
                    entered = true;
                    break;
                }
                const std::int64_t turn = asValue(co_await self.read(kTurn));
                if (turn != other) {
                    entered = true;
                    break;
                }
                if (spins-- == 0)
                    break;
            }
        } else if (m_protocol == Protocol::Dekker) {
            co_await self.write(kFlag + me, 1);
            while (true) {
                const std::int64_t flag = asValue(co_await self.read(kFlag + other));
                if (flag == 0) {
                    entered = true;
                    break;
                }
                if (spins-- == 0)
                    break;
                const std::int64_t turn = asValue(co_await self.read(kTurn));
                if (turn != me) {
                    co_await self.write(kFlag + me, 0);
                    bool mine = false;
                    while (!mine && spins-- > 0) {
                        const std::int64_t t = asValue(co_await self.read(kTurn));
                        mine = t == me;
                    }
                    if (!mine)
                        break;
                    co_await self.write(kFlag + me, 1);
                }
            }
        } else { // Broken: test the other's flag before raising one's own.
            while (true) {
                const std::int64_t flag = asValue(co_await self.read(kFlag + other));
                if (flag == 0) {
                    entered = true;
                    break;
                }
                if (spins-- == 0)
                    break;
            }
            if (entered)
                co_await self.write(kFlag + me, 1);
        }
        if (!entered)
            co_return;
        const std::int64_t inside = asValue(co_await self.read(kInside));
        if (inside != 0)
            co_await self.write(kViolation, 1);
        co_await self.write(kInside, 1);
        co_await self.write(kInside, 0);
        if (m_protocol == Protocol::Dekker)
            co_await self.write(kTurn, other);
        co_await self.write(kFlag + me, 0);
    }
    Protocol m_protocol;
    int m_spins;
};

} // namespace

std::unique_ptr<ModelProgram> makeLostUpdate() { return std::make_unique<LostUpdate>(); }
std::unique_ptr<ModelProgram> makeWriterReaders(int readers) { return std::make_unique<WriterReaders>(readers); }
std::unique_ptr<ModelProgram> makeDistinctWriters(int writers) { return std::make_unique<DistinctWriters>(writers); }
std::unique_ptr<ModelProgram> makeFig1(int writers) { return std::make_unique<Fig1>(writers); }
std::unique_ptr<ModelProgram> makeArraySweep(int cells) { return std::make_unique<ArraySweep>(cells); }
std::unique_ptr<ModelProgram> makeLastZero(int writers) { return std::make_unique<LastZero>(writers); }
std::unique_ptr<ModelProgram> makePeterson(int spins) {
    return std::make_unique<MutualExclusion>(MutualExclusion::Protocol::Peterson, spins);
}
std::unique_ptr<ModelProgram> makeDekker(int spins) {
    return std::make_unique<MutualExclusion>(MutualExclusion::Protocol::Dekker, spins);
}
std::unique_ptr<ModelProgram> makeBrokenMutualExclusion(int spins) {
    return std::make_unique<MutualExclusion>(MutualExclusion::Protocol::Broken, spins);
}

} // namespace weft::model
