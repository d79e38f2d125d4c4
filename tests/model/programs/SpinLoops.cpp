// SPDX-License-Identifier: MIT
// Programs with spin loops (issue 12), each iteration written as Weft runs it in C (README "Spin
// loops"): the four mutual-exclusion algorithms of tests/programs/sc_spin_mutex and the small
// programs of tests/programs/spin_loops, access for access, so the C runs can be checked against
// the brute-force enumeration of these models.
#include "tests/model/Programs.hpp"

namespace weft::model {
namespace {

std::int64_t asValue(std::uint64_t v) { return static_cast<std::int64_t>(v); }

/// sc_spin_mutex.c: two workers (arguments 0 and 1) run the protocol around a critical section.
class SpinMutex final : public ModelProgram {
public:
    explicit SpinMutex(SpinProtocol protocol) : m_protocol(protocol) {}
    std::string name() const override { return "spin-mutex(" + std::to_string(int(m_protocol)) + ")"; }
    ModelTask main(ModelThread &self) override {
        const auto a = ThreadId(co_await self.create([this](ModelThread &t) { return worker(t, 0); }));
        const auto b = ThreadId(co_await self.create([this](ModelThread &t) { return worker(t, 1); }));
        co_await self.join(a);
        co_await self.join(b);
    }

private:
    enum { kFlag = 10, kTurn = 12, kNumber = 13, kInside = 15 };
    SpinProtocol m_protocol;

    ModelTask worker(ModelThread &self, int me) {
        const int other = 1 - me;
        // Entry protocol.
        switch (m_protocol) {
        case SpinProtocol::Peterson:
        case SpinProtocol::BrokenPeterson: {
            const bool broken = m_protocol == SpinProtocol::BrokenPeterson; // turn given away first
            co_await self.write(broken ? kTurn : kFlag + me, broken ? other : 1);
            co_await self.write(broken ? kFlag + me : kTurn, broken ? 1 : other);
            self.beginSpin(); // while (flag[other] && turn == other) {}
            bool loops = asValue(co_await self.read(kFlag + other)) != 0;
            if (loops)
                loops = asValue(co_await self.read(kTurn)) == other;
            co_await self.endSpin(loops);
            break;
        }
        case SpinProtocol::Dekker:
            co_await self.write(kFlag + me, 1);
            for (;;) {
                self.beginSpin();
                if (asValue(co_await self.read(kFlag + other)) == 0) {
                    co_await self.endSpin(false);
                    break;
                }
                const bool mine = asValue(co_await self.read(kTurn)) == me;
                co_await self.endSpin(mine); // turn == me: an iteration that changes nothing
                co_await self.write(kFlag + me, 0);
                self.beginSpin();
                const bool waits = asValue(co_await self.read(kTurn)) != me;
                co_await self.endSpin(waits);
                co_await self.write(kFlag + me, 1);
            }
            break;
        case SpinProtocol::Bakery: {
            co_await self.write(kFlag + me, 1);
            const std::int64_t theirs = asValue(co_await self.read(kNumber + other));
            const std::int64_t mine = asValue(co_await self.read(kNumber + me));
            const std::int64_t ticket =
                1 + (theirs > mine ? asValue(co_await self.read(kNumber + other)) : asValue(co_await self.read(kNumber + me)));
            co_await self.write(kNumber + me, ticket);
            co_await self.write(kFlag + me, 0);
            self.beginSpin();
            const bool choosing = asValue(co_await self.read(kFlag + other)) != 0;
            co_await self.endSpin(choosing);
            self.beginSpin();
            bool loops = asValue(co_await self.read(kNumber + other)) != 0;
            if (loops) {
                loops = asValue(co_await self.read(kNumber + other)) < ticket;
                if (!loops)
                    loops = asValue(co_await self.read(kNumber + other)) == ticket && other < me;
            }
            co_await self.endSpin(loops);
            break;
        }
        case SpinProtocol::Szymanski:
            co_await self.write(kFlag + me, 1);
            self.beginSpin();
            {
                const bool doorway = asValue(co_await self.read(kFlag + other)) >= 3;
                co_await self.endSpin(doorway);
            }
            co_await self.write(kFlag + me, 3);
            if (asValue(co_await self.read(kFlag + other)) == 1) {
                co_await self.write(kFlag + me, 2);
                self.beginSpin();
                const bool closed = asValue(co_await self.read(kFlag + other)) != 4;
                co_await self.endSpin(closed);
            }
            co_await self.write(kFlag + me, 4);
            if (me == 1) {
                self.beginSpin();
                const bool before = asValue(co_await self.read(kFlag + other)) >= 2;
                co_await self.endSpin(before);
            }
            break;
        }
        // Critical section.
        const std::int64_t inside = asValue(co_await self.read(kInside));
        co_await self.check(inside == 0, "inside == 0");
        co_await self.write(kInside, 1);
        co_await self.write(kInside, 0);
        // Exit protocol.
        switch (m_protocol) {
        case SpinProtocol::Dekker: co_await self.write(kTurn, other); break;
        case SpinProtocol::Bakery: co_await self.write(kNumber + me, 0); co_return;
        case SpinProtocol::Szymanski:
            if (me == 0) {
                self.beginSpin();
                bool loops = asValue(co_await self.read(kFlag + other)) >= 2;
                if (loops)
                    loops = asValue(co_await self.read(kFlag + other)) <= 3;
                co_await self.endSpin(loops);
            }
            break;
        default: break;
        }
        co_await self.write(kFlag + me, 0);
    }
};

/// spin_loops.c, the variants written with shared memory only (0, 1, 3, 4 and 5).
class SpinLoops final : public ModelProgram {
public:
    explicit SpinLoops(int variant) : m_variant(variant) {}
    std::string name() const override { return "spin-loops(" + std::to_string(m_variant) + ")"; }
    ModelTask main(ModelThread &self) override {
        if (m_variant == 0) {
            const auto t = ThreadId(co_await self.create([](ModelThread &p) -> ModelTask {
                co_await p.write(kData, 42);
                co_await p.write(kFlag, 1);
            }));
            self.beginSpin();
            const bool waits = asValue(co_await self.read(kFlag)) == 0;
            co_await self.endSpin(waits);
            const std::int64_t data = asValue(co_await self.read(kData));
            co_await self.check(data == 42, "data == 42");
            co_await self.join(t);
        } else if (m_variant == 1) {
            const auto t = ThreadId(co_await self.create([](ModelThread &w) -> ModelTask {
                w.beginSpin();
                const bool waits = asValue(co_await w.read(kFlag)) == 0;
                co_await w.endSpin(waits);
            }));
            co_await self.join(t);
        } else if (m_variant >= 4) {
            const bool compare = m_variant == 4;
            const auto a =
                ThreadId(co_await self.create([compare](ModelThread &w) { return lockedIncrement(w, compare); }));
            const auto b =
                ThreadId(co_await self.create([compare](ModelThread &w) { return lockedIncrement(w, compare); }));
            co_await self.join(b);
            co_await self.join(a);
            const std::int64_t counter = asValue(co_await self.read(kCounter));
            co_await self.check(counter == 2, "counter == 2");
        } else {
            const auto t = ThreadId(co_await self.create([](ModelThread &s) -> ModelTask {
                co_await s.write(kReady + 1, 1);
            }));
            self.beginSpin();
            const std::int64_t first = asValue(co_await self.read(kReady));
            const std::int64_t second = asValue(co_await self.read(kReady + 1));
            co_await self.endSpin((first | second) == 0);
            co_await self.join(t);
        }
    }

private:
    enum { kFlag = 20, kData = 21, kReady = 22, kLock = 24, kCounter = 25 };
    int m_variant;

    /// casWorker / exchangeWorker: a failing attempt leaves the lock as it was, so its iteration spins.
    static ModelTask lockedIncrement(ModelThread &self, bool compare) {
        for (;;) {
            self.beginSpin();
            std::int64_t old = 0; // (not one co_await of a conditional: GCC 12 miscompiles that)
            if (compare)
                old = asValue(co_await self.compareExchange(kLock, 0, 1));
            else
                old = asValue(co_await self.exchange(kLock, 1));
            co_await self.endSpin(old != 0);
            if (old == 0)
                break;
        }
        const std::int64_t counter = asValue(co_await self.read(kCounter));
        co_await self.write(kCounter, counter + 1);
        co_await self.write(kLock, 0);
    }
};

} // namespace

std::unique_ptr<ModelProgram> makeSpinLoops(int variant) { return std::make_unique<SpinLoops>(variant); }

std::unique_ptr<ModelProgram> makeSpinMutex(SpinProtocol protocol) { return std::make_unique<SpinMutex>(protocol); }

} // namespace weft::model
