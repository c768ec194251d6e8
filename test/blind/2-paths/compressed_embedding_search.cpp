// scenario: nearest-neighbour search over an embedding table kept in fp16, bf16 or fp32 storage
// tier: 2
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <vector>

enum class Storage { Fp32, Fp16, Bf16 };

static const char *storage_name(Storage s) {
  switch (s) {
  case Storage::Fp32:
    return "fp32";
  case Storage::Fp16:
    return "fp16";
  case Storage::Bf16:
    return "bf16";
  }
  return "?";
}

int main() {
  torch::manual_seed(11);
  const int64_t vocab = 500;
  const int64_t dim = 32;
  const int64_t num_queries = 8;

  auto table = torch::nn::functional::normalize(
      torch::randn({vocab, dim}), torch::nn::functional::NormalizeFuncOptions().dim(1));
  auto targets = torch::randint(0, vocab, {num_queries});
  auto queries = table.index_select(0, targets) + 0.01 * torch::randn({num_queries, dim});

  // Rows are stored pre-scaled so small components keep fp16 precision.
  const double storage_scale = 8.0;
  auto inv_scale = torch::tensor(1.0 / storage_scale);

  std::vector<Storage> formats = {Storage::Fp32, Storage::Fp16, Storage::Bf16};
  int failures = 0;

  for (Storage fmt : formats) {
    torch::Tensor stored;
    switch (fmt) {
    case Storage::Fp16:
      stored = (table * storage_scale).to(torch::kHalf);
      break;
    case Storage::Bf16:
      stored = (table * storage_scale).to(torch::kBFloat16);
      break;
    default:
      stored = table.clone();
      break;
    }

    // Cheap sanity statistics for the storage report.
    auto row_peak = stored.abs().amax(1);
    if (fmt != Storage::Fp32)
      row_peak = row_peak * inv_scale;
    auto peak = row_peak.max().item<float>();
    auto bytes = stored.numel() * stored.element_size();

    torch::Tensor dense;
    if (fmt == Storage::Fp32) {
      dense = stored;
    } else {
      dense = stored.to(torch::kFloat) / storage_scale;
    }

    auto scores = torch::mm(queries, dense.t());
    auto best = scores.argmax(1);
    auto hits = (best == targets).sum().item<int64_t>();

    auto error = (dense - table).abs().max().item<float>();
    std::cout << storage_name(fmt) << ": " << bytes << " bytes, peak " << peak
              << ", max error " << error << ", hits " << hits << "/" << num_queries << "\n";
    if (hits != num_queries)
      ++failures;
  }

  return failures == 0 ? 0 : 1;
}
