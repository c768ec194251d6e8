// scenario: item index keeping its embedding matrix in float16 to halve memory, scored per query
// tier: 4
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmv_impl_cpu" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>
#include <utility>

class ItemIndex {
public:
  explicit ItemIndex(torch::Tensor embeddings)
      : embeddings_(std::move(embeddings)), norms_(embeddings_.norm(2, 1)) {
    embeddings_ = embeddings_.to(torch::kHalf);
  }

  std::pair<torch::Tensor, torch::Tensor> search(const torch::Tensor& query, int64_t k) const {
    auto q = query.to(embeddings_.dtype());
    auto dots = torch::mv(embeddings_, q); // BUG
    auto cosine = dots.to(torch::kFloat) / (norms_ * query.norm());
    auto top = torch::topk(cosine, k);
    return {std::get<0>(top), std::get<1>(top)};
  }

  int64_t size() const { return embeddings_.size(0); }

private:
  torch::Tensor embeddings_;
  torch::Tensor norms_;
};

int main() {
  ItemIndex index(torch::randn({500, 32}));
  auto query = torch::randn({32});
  auto result = index.search(query, 5);
  std::cout << "of " << index.size() << " items: " << result.second << "\n";
  return 0;
}
