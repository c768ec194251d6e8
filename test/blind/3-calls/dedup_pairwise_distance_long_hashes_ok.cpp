// scenario: near-duplicate detection templated over the sketch type; pairwise_distance and cosine with a float side promote int64 sketches
// tier: 3
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

namespace F = torch::nn::functional;

template <typename Sketch>
torch::Tensor sketch_tensor(const std::vector<std::vector<Sketch>>& rows) {
  std::vector<torch::Tensor> out;
  for (const auto& r : rows) out.push_back(torch::tensor(r));
  return torch::stack(out);
}

// pairwise_distance computes in the promoted floating dtype.
torch::Tensor l2_to_anchor(const torch::Tensor& sketches, const torch::Tensor& anchor) {
  return F::pairwise_distance(sketches, anchor.unsqueeze(0).expand_as(sketches));
}

// cosine_similarity needs a floating common dtype; one float side suffices.
torch::Tensor cosine_to_centroid(const torch::Tensor& sketches) {
  torch::Tensor centroid = sketches.to(torch::kFloat).mean(0, /*keepdim=*/true);
  return F::cosine_similarity(sketches, centroid.expand_as(sketches),
                              F::CosineSimilarityFuncOptions().dim(1));
}

int main() {
  std::vector<std::vector<int64_t>> minhash = {
      {3, 17, 42, 8}, {3, 17, 40, 8}, {90, 1, 5, 66}, {3, 18, 42, 8}};
  torch::Tensor sk = sketch_tensor(minhash);
  torch::Tensor d = l2_to_anchor(sk, sk[0]);
  torch::Tensor cos = cosine_to_centroid(sk);
  torch::Tensor dup = d.lt(3.0).logical_and(cos.gt(0.5));
  std::cout << "distances " << d << "\ncosine " << cos << "\nduplicates " << dup << "\n";

  std::vector<std::vector<int32_t>> small = {{1, 2}, {1, 3}};
  torch::Tensor sk32 = sketch_tensor(small);
  std::cout << "int32 sketch distance " << l2_to_anchor(sk32, sk32[0]) << "\n";
  return 0;
}
