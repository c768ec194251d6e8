// scenario: a support-ticket router embeds tickets under CPU autocast, caches the embeddings and later matches them against float intent prototypes
// tier: 5
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <string>
#include <vector>

namespace {

class CpuAutocastScope {
public:
  explicit CpuAutocastScope(bool enabled = true)
      : prev_enabled_(at::autocast::is_cpu_enabled()), prev_dtype_(at::autocast::get_autocast_cpu_dtype()) {
    at::autocast::set_cpu_enabled(enabled);
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
  }
  ~CpuAutocastScope() {
    at::autocast::set_cpu_enabled(prev_enabled_);
    at::autocast::set_autocast_cpu_dtype(prev_dtype_);
    if (!prev_enabled_) at::autocast::clear_cache();
  }

private:
  bool prev_enabled_;
  at::ScalarType prev_dtype_;
};

struct CachedTicket {
  std::string ticket_id;
  torch::Tensor embedding; // [1, dim]
};

class TicketRouter {
public:
  TicketRouter(int64_t vocab, int64_t dim, int64_t intents)
      : embed_(torch::nn::EmbeddingBag(torch::nn::EmbeddingBagOptions(vocab, dim).mode(torch::kMean))),
        encoder_(torch::nn::Linear(dim, dim)),
        prototypes_(torch::nn::functional::normalize(torch::randn({intents, dim}),
                                                     torch::nn::functional::NormalizeFuncOptions().dim(1))) {}

  void ingest(const std::string &id, const torch::Tensor &token_ids) {
    torch::NoGradGuard no_grad;
    CpuAutocastScope autocast;
    auto emb = torch::tanh(encoder_(embed_(token_ids.unsqueeze(0))));
    cache_.push_back({id, emb});
  }

  std::vector<int64_t> routeAll() {
    std::vector<int64_t> routes;
    for (const auto &t : cache_) {
      auto sims = torch::mm(t.embedding, prototypes_.t()); // BUG
      routes.push_back(sims.argmax(1).item<int64_t>());
    }
    return routes;
  }

private:
  torch::nn::EmbeddingBag embed_;
  torch::nn::Linear encoder_;
  torch::Tensor prototypes_;
  std::vector<CachedTicket> cache_;
};

} // namespace

int main() {
  TicketRouter router(20000, 128, 16);
  router.ingest("T-1001", torch::randint(20000, {40}));
  router.ingest("T-1002", torch::randint(20000, {12}));
  for (int64_t intent : router.routeAll()) std::cout << "routed to intent " << intent << "\n";
  return 0;
}
