// scenario: bag-of-tags encoder storing its embedding table as a float16 buffer, upcast before the MLP
// tier: 4
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

namespace F = torch::nn::functional;

struct TagEncoderImpl : torch::nn::Module {
  TagEncoderImpl(int64_t num_tags, int64_t dim, int64_t out_dim) {
    table = register_buffer("table", torch::randn({num_tags, dim}).to(torch::kHalf));
    proj = register_module("proj", torch::nn::Linear(dim, out_dim));
  }

  torch::Tensor forward(const torch::Tensor& tag_ids, const torch::Tensor& offsets) {
    auto opts = F::EmbeddingBagFuncOptions().offsets(offsets).mode(torch::kSum);
    auto bags = F::embedding_bag(tag_ids, table, opts);
    auto counts = torch::diff(offsets, 1, 0, {}, torch::tensor({tag_ids.size(0)}));
    auto mean = bags.to(torch::kFloat) / counts.clamp_min(1).unsqueeze(1);
    return torch::relu(proj->forward(mean));
  }

  torch::Tensor table;
  torch::nn::Linear proj{nullptr};
};
TORCH_MODULE(TagEncoder);

int main() {
  TagEncoder enc(200, 16, 8);
  auto tag_ids = torch::tensor({4, 9, 9, 150, 3, 77});
  auto offsets = torch::tensor({0, 2, 3});
  auto out = enc->forward(tag_ids, offsets);

  auto order = std::get<1>(torch::sort(enc->table.select(1, 0), 0, /*descending=*/true));
  std::cout << out.sizes() << " first tag by dim0 " << order[0].item<int64_t>() << "\n";
  return 0;
}
