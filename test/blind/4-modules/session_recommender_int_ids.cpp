// scenario: session-based recommender fed int32 item ids straight from the event log
// tier: 4
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

namespace nn = torch::nn;

class SessionRecommenderImpl : public nn::Module {
public:
  SessionRecommenderImpl(int64_t num_items, int64_t dim) {
    items_ = register_module("items", nn::Embedding(num_items, dim));
    session_bag_ = register_module(
        "session_bag", nn::EmbeddingBag(nn::EmbeddingBagOptions(num_items, dim).mode(torch::kMean)));
    query_ = register_module("query", nn::Linear(2 * dim, dim));
  }

  // `history` and `offsets` are flattened sessions; `last_item` is each session's latest click.
  torch::Tensor forward(const torch::Tensor &history, const torch::Tensor &offsets,
                        const torch::Tensor &last_item) {
    auto context = session_bag_(history, offsets);
    auto recent = items_(last_item);
    return query_(torch::cat({context, recent}, 1));
  }

  torch::Tensor score_candidates(const torch::Tensor &query, const torch::Tensor &candidates) {
    auto table = items_->weight.index_select(0, candidates);
    return torch::mm(query, table.t());
  }

private:
  nn::Embedding items_{nullptr};
  nn::EmbeddingBag session_bag_{nullptr};
  nn::Linear query_{nullptr};
};
TORCH_MODULE(SessionRecommender);

int main() {
  torch::manual_seed(19);
  const int64_t num_items = 200, dim = 16, sessions = 4;
  SessionRecommender model(num_items, dim);
  model->eval();

  // Event log columns are int32.
  std::vector<int32_t> clicks = {3, 17, 17, 42, 8, 99, 150, 150, 151, 7, 7, 7, 60};
  std::vector<int32_t> session_start = {0, 4, 6, 9};
  auto history = torch::tensor(clicks).to(torch::kInt);
  auto offsets = torch::tensor(session_start).to(torch::kInt);
  auto ends = torch::cat({offsets.slice(0, 1), torch::tensor({history.size(0)}, torch::kInt)});
  auto last_item = history.index_select(0, ends - 1);

  torch::NoGradGuard no_grad;
  auto query = model->forward(history, offsets, last_item);

  auto candidates = torch::randperm(num_items, torch::kInt).slice(0, 0, 50);
  auto scores = model->score_candidates(query, candidates);

  // Do not recommend what the session already clicked.
  auto seen = torch::zeros({sessions, num_items}, torch::kBool);
  for (int64_t s = 0; s < sessions; ++s) {
    auto begin = offsets[s].item<int64_t>();
    auto end = ends[s].item<int64_t>();
    seen[s].index_fill_(0, history.slice(0, begin, end).to(torch::kLong), true);
  }
  auto seen_candidates = seen.index_select(1, candidates);
  scores = scores.masked_fill(seen_candidates, -1e9);

  auto top = std::get<1>(scores.topk(5, 1));
  auto recommended = candidates.to(torch::kLong).unsqueeze(0).expand({sessions, -1}).gather(1, top);
  auto top_scores = scores.gather(1, top);

  std::cout << "recommended\n" << recommended << "\n";
  std::cout << "scores\n" << top_scores << "\n";
  bool none_seen = !seen.gather(1, recommended).any().item<bool>();
  return none_seen ? 0 : 1;
}
