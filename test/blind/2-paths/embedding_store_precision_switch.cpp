// scenario: similarity search over an embedding table stored as fp32, bf16 or int8 by an enum; every switch arm dequantizes before the matmul
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <cstdlib>
#include <cstring>
#include <iostream>

enum class StorePrecision { kFp32, kBf16, kInt8 };

static StorePrecision parse_precision(const char *text) {
  if (text == nullptr)
    return StorePrecision::kInt8;  // the compact format is what ships
  if (std::strcmp(text, "fp32") == 0)
    return StorePrecision::kFp32;
  if (std::strcmp(text, "bf16") == 0)
    return StorePrecision::kBf16;
  return StorePrecision::kInt8;
}

int main(int argc, char **argv) {
  torch::NoGradGuard no_grad;
  const StorePrecision precision =
      parse_precision(argc > 1 ? argv[1] : std::getenv("EMB_STORE_PRECISION"));
  const int64_t num_items = 2048, dim = 64, top_k = 5;

  torch::Tensor stored;
  double scale = 1.0;
  switch (precision) {
  case StorePrecision::kFp32:
    stored = torch::randn({num_items, dim});
    break;
  case StorePrecision::kBf16:
    stored = torch::randn({num_items, dim}).to(torch::kBFloat16);
    break;
  case StorePrecision::kInt8:
    stored = torch::randint(-127, 128, {num_items, dim}, torch::kChar);
    scale = 1.0 / 64.0;
    break;
  }

  auto queries = torch::randn({8, dim});
  if (queries.size(0) == 0)
    return 0;

  torch::Tensor table = stored;
  switch (table.scalar_type()) {
  case torch::kFloat:
    break;
  case torch::kChar:
    table = table.to(torch::kFloat).mul_(scale);
    break;
  default:
    table = table.to(torch::kFloat);
    break;
  }

  auto norms = table.norm(2, /*dim=*/1, /*keepdim=*/true).clamp_min(1e-6);
  table = table / norms;
  queries = queries / queries.norm(2, 1, true).clamp_min(1e-6);

  auto sims = torch::mm(queries, table.t());
  auto best = std::get<1>(sims.topk(top_k, /*dim=*/1));
  for (int64_t q = 0; q < best.size(0); ++q) {
    std::cout << "query " << q << ":";
    for (int64_t k = 0; k < top_k; ++k)
      std::cout << " " << best[q][k].item<int64_t>();
    std::cout << "\n";
  }
  return 0;
}
