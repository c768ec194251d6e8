// scenario: session recommender wrapping int32 item id buffers from the data loader with from_blob
// tier: 3
// family: from-blob-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

struct SessionBatch {
  std::vector<int32_t> item_ids;
  std::vector<int32_t> offsets;
  std::vector<int32_t> candidates;
};

static torch::Tensor view_ids(std::vector<int32_t>& v) {
  return torch::from_blob(v.data(), {static_cast<int64_t>(v.size())}, torch::kInt32);
}

static torch::Tensor session_vectors(const torch::Tensor& table, SessionBatch& b) {
  auto ids = view_ids(b.item_ids);
  auto offsets = view_ids(b.offsets);
  return std::get<0>(torch::embedding_bag(table, ids, offsets, false, /*mode=*/1));
}

static torch::Tensor candidate_scores(const torch::Tensor& table, const torch::Tensor& sessions,
                                      SessionBatch& b) {
  auto cand = table.index_select(0, view_ids(b.candidates));
  return torch::mm(sessions, cand.t());
}

int main() {
  const int64_t num_items = 40, dim = 8;
  auto table = torch::randn({num_items, dim});
  SessionBatch batch{{3, 7, 7, 12, 5, 30, 31}, {0, 3, 5}, {1, 7, 12, 30, 39}};

  auto sessions = session_vectors(table, batch);
  auto scores = candidate_scores(table, sessions, batch);
  auto seen = torch::bincount(view_ids(batch.item_ids), {}, num_items);

  std::cout << "scores " << scores.sizes() << " best " << scores.argmax(1) << "\n";
  std::cout << "repeat views " << (seen > 1).sum().item<int64_t>() << "\n";
  return 0;
}
