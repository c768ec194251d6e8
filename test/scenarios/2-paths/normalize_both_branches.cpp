// scenario: preprocessing converts the batch to float32 on both branches before the matmul
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main(int argc, char **argv) {
  bool from_uint8 = argc > 5;
  torch::Tensor batch;
  if (from_uint8) {
    batch = torch::randint(0, 255, {4, 32}, torch::kByte).to(torch::kFloat).div(255.0);
  } else {
    batch = torch::randn({4, 32}, torch::kDouble).to(torch::kFloat);
  }
  auto weights = torch::randn({32, 8});
  auto out = torch::mm(batch, weights);
  std::cout << out.sizes() << "\n";
  return 0;
}
