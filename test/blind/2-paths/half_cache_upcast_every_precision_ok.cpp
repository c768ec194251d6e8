// scenario: reranker stores scores in the precision a config asks for; each branch upcasts before softmax/topk on the CPU
// tier: 2
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <vector>

enum class Storage { F32, F16, BF16 };

int main() {
  torch::manual_seed(37);
  std::vector<Storage> modes = {Storage::F32, Storage::F16, Storage::BF16};
  torch::Tensor scores = torch::randn({3, 10});

  for (Storage mode : modes) {
    torch::Tensor stored;
    switch (mode) {
    case Storage::F16:
      stored = scores.to(torch::kHalf);
      break;
    case Storage::BF16:
      stored = scores.to(torch::kBFloat16);
      break;
    default:
      stored = scores;
    }

    // Ops with Half CPU kernels: add, comparisons, sort, max.
    torch::Tensor shifted = stored + stored.max();
    torch::Tensor sorted = std::get<0>(stored.sort(-1, true));
    torch::Tensor best = stored.argmax(-1);

    // Compute-heavy ops run in float32 on every path.
    torch::Tensor compute = stored.to(torch::kFloat);
    torch::Tensor probs = torch::softmax(compute, -1);
    auto top = probs.topk(3, -1);
    torch::Tensor cdf = probs.cumsum(-1);

    std::cout << "mode " << static_cast<int>(mode) << " best " << best
              << " top prob " << std::get<0>(top).select(1, 0)
              << " cdf end " << cdf.select(1, 9) << " sorted head "
              << sorted.select(1, 0).to(torch::kFloat) << " shift "
              << shifted.to(torch::kFloat).mean().item<float>() << "\n";
  }
  return 0;
}
