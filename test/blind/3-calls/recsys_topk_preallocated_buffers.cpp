// scenario: an inference server ranks items into preallocated response buffers whose item-id buffer is int32 (the wire format)
// tier: 3
// family: out-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected out tensor to have dtype long int, but got int instead
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <vector>

struct ResponseBuffers {
  torch::Tensor scores;  // [maxBatch, k]
  torch::Tensor itemIds; // [maxBatch, k]
  int64_t k = 0;
};

// Allocated once at start-up and reused for every request, so the hot path
// does not allocate. Ids are serialised as int32 on the wire.
ResponseBuffers allocateBuffers(int64_t maxBatch, int64_t k) {
  ResponseBuffers buf;
  buf.scores = torch::empty({maxBatch, k});
  buf.itemIds = torch::empty({maxBatch, k}, torch::kInt32);
  buf.k = k;
  return buf;
}

torch::Tensor scoreItems(const torch::Tensor &userVectors, const torch::Tensor &itemMatrix,
                         const torch::Tensor &itemBias) {
  return torch::addmm(itemBias, userVectors, itemMatrix.t());
}

int64_t rankInto(const torch::Tensor &scores, ResponseBuffers &buf) {
  const int64_t n = scores.size(0);
  if (n == 0)
    return 0;
  torch::Tensor values = buf.scores.narrow(0, 0, n);
  torch::Tensor ids = buf.itemIds.narrow(0, 0, n);
  torch::topk_out(values, ids, scores, buf.k, /*dim=*/1, /*largest=*/true, /*sorted=*/true); // BUG
  return n;
}

int main() {
  torch::manual_seed(23);
  const int64_t kItems = 2000;
  const int64_t kDim = 32;
  torch::Tensor itemMatrix = torch::randn({kItems, kDim});
  torch::Tensor itemBias = torch::randn({kItems}) * 0.1;
  ResponseBuffers buffers = allocateBuffers(/*maxBatch=*/64, /*k=*/10);

  std::vector<int64_t> requestSizes = {4, 0, 17};
  for (int64_t size : requestSizes) {
    torch::NoGradGuard noGrad;
    torch::Tensor users = torch::randn({size, kDim});
    torch::Tensor scores = scoreItems(users, itemMatrix, itemBias);
    int64_t served = rankInto(scores, buffers);
    if (served == 0) {
      std::cout << "empty request\n";
      continue;
    }
    const int32_t *wire = buffers.itemIds.data_ptr<int32_t>();
    std::cout << "served " << served << " users, first ids " << wire[0] << " " << wire[1] << "\n";
  }
  return 0;
}
