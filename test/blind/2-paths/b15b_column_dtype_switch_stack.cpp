// scenario: a tabular feature builder over columns of mixed dtypes (uint8 pixel means, int64 counts, bool flags, float64 prices, float32 scores), each normalised to float32 by a switch on scalar_type() before stack and a float matmul
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

static torch::Tensor normalise(const torch::Tensor &col) {
  switch (col.scalar_type()) {
  case torch::kByte:
    return col.to(torch::kFloat).div(255.0);
  case torch::kLong: {
    auto f = col.to(torch::kFloat);
    return (f - f.mean()) / (f.std() + 1e-6);
  }
  case torch::kBool:
    return col.to(torch::kFloat).mul(2).sub(1);
  case torch::kDouble:
    return col.log1p().to(torch::kFloat);
  default:
    return col.to(torch::kFloat);
  }
}

int main() {
  torch::manual_seed(5);
  const int64_t rows = 8;
  std::vector<std::pair<std::string, torch::Tensor>> columns{
      {"pixel_mean", torch::randint(0, 256, {rows}, torch::kByte)},
      {"visits", torch::randint(0, 40, {rows}, torch::kLong)},
      {"is_member", torch::rand({rows}) > 0.5},
      {"price", torch::rand({rows}, torch::kDouble) * 100},
      {"score", torch::randn({rows})}};

  std::vector<torch::Tensor> prepared;
  for (const auto &[name, col] : columns) {
    auto f = normalise(col);
    if (f.isnan().any().item<bool>())
      f = torch::zeros_like(f);
    prepared.push_back(f);
  }
  auto features = torch::stack(prepared, 1); // [rows, 5] float32

  auto w1 = torch::randn({5, 6}) * 0.3;
  auto w2 = torch::randn({6, 1}) * 0.3;
  auto hidden = torch::relu(torch::mm(features, w1));
  auto out = torch::mm(hidden, w2).squeeze(1);

  std::cout << "features " << features.sizes() << " " << features.dtype()
            << " out " << out.sizes() << "\n";
  return out.scalar_type() == torch::kFloat && out.size(0) == rows ? 0 : 1;
}
