// SPDX-License-Identifier: MIT
// DISP(S, R), the job dispatcher of Table 1 (docs/algorithms.md, "Oracles", `dispatcher.c`): the server index
// main reads from `sid` decides which server mutex it races on. Main ends with pthread_exit.
#include "tests/model/Programs.hpp"

#include <vector>

namespace weft::model {
namespace {

class Dispatcher final : public ModelProgram {
public:
    Dispatcher(int servers, int requests) : m_servers(servers), m_requests(requests) {}
    std::string name() const override {
        return "dispatcher(" + std::to_string(m_servers) + "," + std::to_string(m_requests) + ")";
    }
    void reset() override {
        m_sid = 0;
        m_in.assign(m_servers, 0);
        m_out.assign(m_servers, 0);
    }

    ModelTask main(ModelThread &self) override {
        for (int x = 0; x < m_servers; ++x)
            co_await self.create([this, x](ModelThread &t) { return server(t, x); });
        for (int r = 0; r < m_requests; ++r) {
            // process_request(r, last), inline (a ModelTask is not awaitable); `last` is unused
            const auto picker =
                ThreadId(co_await self.create([this](ModelThread &t) { return pickServer(t); }));
            co_await self.lock(kK);
            const int idx = m_sid;
            co_await self.unlock(kK);
            co_await self.lock(kServers + idx);
            ++m_in[idx];
            co_await self.unlock(kServers + idx);
            co_await self.join(picker);
        }
        // pthread_exit(0); the final checking block of the source is compiled out
    }

private:
    enum { kK = 1, kServers = 100 };
    ModelTask server(ModelThread &self, int id) {
        co_await self.lock(kServers + id);
        if (m_in[id] > 0)
            m_out[id] = m_in[id];
        co_await self.unlock(kServers + id);
    }
    ModelTask pickServer(ModelThread &self) {
        for (int x = 0; x < m_servers; ++x) {
            co_await self.lock(kK);
            m_sid = x;
            co_await self.unlock(kK);
        }
    }
    int m_servers;
    int m_requests;
    int m_sid = 0;
    std::vector<int> m_in, m_out;
};

} // namespace

std::unique_ptr<ModelProgram> makeDispatcher(int servers, int requests) {
    return std::make_unique<Dispatcher>(servers, requests);
}

} // namespace weft::model
