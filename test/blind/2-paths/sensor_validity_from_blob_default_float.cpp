// scenario: depth fusion over camera frames; newer drivers send a uint8 validity plane that is wrapped with from_blob without a dtype, older frames get an all-true bool mask
// tier: 2
// family: from-blob-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: where expected condition to be a boolean tensor, but got a tensor with dtype Float
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

struct Frame {
  std::vector<float> depth;
  std::vector<uint8_t> valid;
};

int main() {
  const int64_t H = 2, W = 4;
  std::vector<Frame> frames(3);
  for (int f = 0; f < 3; ++f) {
    for (int i = 0; i < H * W; ++i) {
      frames[f].depth.push_back(0.5f + 0.1f * i + f);
      // The first frame comes from an older driver without a validity plane.
      if (f > 0) frames[f].valid.push_back(static_cast<uint8_t>((i + f) % 3 != 0));
    }
  }

  torch::Tensor fused = torch::zeros({H, W});
  torch::Tensor weight = torch::zeros({H, W});
  for (auto& fr : frames) {
    if (fr.depth.empty()) continue;
    torch::Tensor depth = torch::from_blob(fr.depth.data(), {H, W});
    torch::Tensor valid;
    if (fr.valid.empty()) {
      valid = torch::ones({H, W}, torch::kBool);
    } else {
      valid = torch::from_blob(fr.valid.data(), {H, W});
    }
    torch::Tensor d = torch::where(valid, depth, torch::zeros_like(depth)); // BUG
    fused += d;
    weight += (d > 0).to(torch::kFloat);
  }
  torch::Tensor mean_depth = fused / weight.clamp_min(1.0);
  std::cout << "fused depth\n" << mean_depth << "\n";
  return 0;
}
